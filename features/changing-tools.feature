Feature: Tools that change things keep working in plan mode
  Plan mode is guidance, not a sandbox. A host often classifies its tools
  (read-only, writes files, runs commands) for its own approval or sandbox
  rules, and it is tempting to let plan mode hide or block the ones that
  change things. The seed forbids it: every registered tool stays in the
  catalog and runs as usual while plan mode is active, and enforcement is
  left to the separate sandbox and approval axes. The kit registers three
  probe tools, declared as reading, writing a file into the store folder and
  running a command, so a host can register each as its own tool of that kind.

  Rule: in plan mode a tool runs as usual whatever it does

    @id:changing-tools-run-in-plan-mode @SCOPE-02
    Scenario Outline: the <effect> probe tool called in plan mode runs and its result reaches the model
      Given plan mode is on
      And the model will answer request 1 by calling the <effect> probe tool
      When the user prompts "Go ahead"
      Then request 1 offers the <effect> probe tool
      And the <effect> probe tool ran 1 time
      And request 2 shows the <effect> probe tool succeeding with its result
      And request 2 is in plan mode

      Examples:
        | effect          |
        | reading         |
        | file-writing    |
        | command-running |

    @id:changing-tools-ask-as-outside-plan-mode @SCOPE-02
    Scenario Outline: the <effect> probe tool brings the same questions in plan mode as outside it: <order>
      Sandbox and approval are the host's own: a host may ask the user before
      a tool runs (the kit's user picks the first option), but plan mode must
      not add, drop or change such questions.
      Given plan mode is on for agent "P"
      And the model will answer request 1 of agent "P" and of agent "Q" by calling the <effect> probe tool
      When the user prompts <first> with "Go ahead"
      And the user prompts <second> with "Go ahead"
      Then request 1 of agent "P" is in plan mode
      And request 1 of agent "Q" is not in plan mode
      And the <effect> probe tool ran 2 times
      And agent "P" in plan mode was asked the same questions besides plan reviews as agent "Q" outside it

      Examples:
        | order               | effect          | first     | second    |
        | read-plan-first     | reading         | agent "P" | agent "Q" |
        | write-plan-first    | file-writing    | agent "P" | agent "Q" |
        | command-plan-first  | command-running | agent "P" | agent "Q" |
        | write-plan-second   | file-writing    | agent "Q" | agent "P" |
        | command-plan-second | command-running | agent "Q" | agent "P" |

    @id:changing-tools-write-lands @SCOPE-02
    Scenario: a file the writing tool writes in plan mode is really written
      Given plan mode is on
      And the model will answer request 1 by calling the file-writing probe tool
      When the user prompts "Write the notes"
      Then the file-writing probe tool left its file in the store folder
      And request 2 shows the file-writing probe tool succeeding with its result

    @id:changing-tools-across-switches @SCOPE-02 @TOOL-02
    Scenario Outline: the <effect> probe tool keeps running when plan mode starts and ends mid-turn
      Given the model will answer request 1 by calling the <effect> probe tool
      And the model will answer request 2 by calling the <effect> probe tool
      And the model will answer request 3 by calling the <effect> probe tool
      And while the model handles request 1, the user turns plan mode on
      And while the model handles request 2, the user turns plan mode off
      When the user prompts "Work through the list"
      Then request 2 is in plan mode
      And request 3 is not in plan mode
      And the <effect> probe tool ran 3 times
      And request 3 shows the <effect> probe tool succeeding with its result
      And request 4 shows the <effect> probe tool succeeding with its result
      And every request carried the same tool catalog

      Examples:
        | effect          |
        | file-writing    |
        | command-running |
