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
      And the user was never asked a question

      Examples:
        | effect          |
        | reading         |
        | file-writing    |
        | command-running |

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
