Feature: Switching plan mode again and again in one session
  A person rarely switches once. Over a session they enter plan mode, leave
  it, enter it again, repeat a selection that is already in force, keep
  working after the history was compacted, and approve a second plan after
  coming back. Every switch is judged on its own: each commit that changes
  what the last request described is told once, the same way every time, a
  repeated selection changes nothing, and the exit tool asks for a review
  every time it is called.

  Rule: over several prompts each switch is told once, entry and exit notices each always the same text

    @id:sequence-enter-leave-enter @NARR-01 @NARR-02 @SET-01 @CMD-02 @CMD-04 @needs:commands
    Scenario Outline: the session <case> shows each request in the selected mode and one notice per switch
      When the user goes through "<actions>"
      Then the requests were in plan mode "<requests>"
      And the last request carries the notices "<notices>"
      And the log holds the plan/mode events "<events>"
      And every request header agrees with the plan guidance of its request

      Examples:
        | case                     | actions                                                                               | requests               | notices                    | events              |
        | set-enter-leave-enter    | prompt, set on, prompt, set off, prompt, set on, prompt                               | off, on, off, on       | enter, leave, enter        | on, off, on         |
        | set-leave-enter-leave    | set on, prompt, set off, prompt, set on, prompt, set off, prompt                      | on, off, on, off       | leave, enter, leave        | on, off, on, off    |
        | command-enter-leave-x2   | prompt, /plan, prompt, /plan off, prompt, /plan, prompt, /plan off, prompt            | off, on, off, on, off  | enter, leave, enter, leave | on, off, on, off    |
        | command-with-messages    | prompt, /plan Draft the plan, /plan off, prompt, /plan Draft it again, prompt         | off, on, off, on, on   | enter, leave, enter        | on, off, on         |
        | mixed-set-and-command    | prompt, set on, prompt, /plan off, prompt, /plan, prompt, set off, prompt             | off, on, off, on, off  | enter, leave, enter, leave | on, off, on, off    |

  Rule: repeating a selection that already committed changes nothing

    @id:sequence-repeat-idle @SET-04 @NARR-02 @needs:commands
    Scenario Outline: repeating <case> between prompts adds no event and no notice
      When the user goes through "<actions>"
      Then the requests were in plan mode "<requests>"
      And the last request carries the notices "<notices>"
      And the log holds the plan/mode events "<events>"
      And get reports plan mode <after> with nothing pending

      Examples:
        | case        | actions                                                       | requests        | notices | events  | after |
        | set-on      | prompt, set on, prompt, set on, prompt                        | off, on, on     | enter   | on      | on    |
        | command-on  | prompt, /plan, prompt, /plan, prompt                          | off, on, on     | enter   | on      | on    |
        | set-off     | set on, prompt, set off, prompt, set off, prompt              | on, off, off    | leave   | on, off | off   |
        | command-off | set on, prompt, /plan off, prompt, /plan off, prompt          | on, off, off    | leave   | on, off | off   |

    @id:sequence-repeat-mid-turn @SET-04 @SET-05 @SET-08
    Scenario Outline: repeating a selection after it was applied earlier in the same turn answers noop (<case>)
      Given the agent starts with plan mode <start>
      And request 1 will be followed by a continuation
      And request 2 will be followed by a continuation
      And while the model handles request 1, the user turns plan mode <target>
      And while the model handles request 2, the user turns plan mode <target>
      And while the model handles request 2, get reports plan mode <target> with nothing pending
      When the user prompts "Work through it"
      Then the set results were "queued, noop"
      And the requests were in plan mode "<requests>"
      And the log holds the plan/mode events "<events>"
      And get reports plan mode <target> with nothing pending

      Examples:
        | case  | start | target | requests     | events  |
        | enter | off   | on     | off, on, on  | on      |
        | leave | on    | off    | on, off, off | on, off |

    @id:sequence-repeat-mid-turn-command @SET-04 @SET-05 @PROJ-05 @needs:commands @needs:projections
    Scenario: typing /plan again after the first /plan was applied earlier in the same turn leaves nothing pending
      Given request 1 will be followed by a continuation
      And request 2 will be followed by a continuation
      And while the model handles request 1, the user types the command "/plan"
      And while the model handles request 2, the user types the command "/plan"
      And while the model handles request 2, get reports plan mode on with nothing pending
      And while the model handles request 2, the projection agrees with get
      When the user prompts "Work through it"
      Then the requests were in plan mode "off, on, on"
      And the log holds the plan/mode events "on"

  Rule: switching after a compaction works as before it

    @id:sequence-switch-after-compaction @STATE-05 @NARR-01 @needs:compaction @needs:commands
    Scenario Outline: <case> after the history was compacted is applied and told once
      When the user goes through "<actions>"
      Then the last request is <guidance> plan mode
      And the last request carries the notices "<notices>"
      And the log holds the plan/mode events "<events>"
      And get reports plan mode <after> with nothing pending

      Examples:
        | case              | actions                                        | guidance | notices | events      | after |
        | leaving           | set on, long prompts, compact, set off, prompt | not in   | leave   | on, off     | off   |
        | entering          | long prompts, compact, set on, prompt          | in       | enter   | on          | on    |
        | entering-by-/plan | long prompts, compact, /plan, prompt           | in       | enter   | on          | on    |
        | leaving-by-/plan  | set on, long prompts, compact, /plan off, prompt | not in | leave   | on, off     | off   |

  Rule: after coming back to plan mode, the exit tool reviews the new plan like the first

    @id:sequence-exit-after-reentry @TOOL-04 @TOOL-05 @NARR-04 @needs:questions
    Scenario Outline: a second plan after re-entering plan mode is reviewed again and <case>
      Given plan mode is on
      And the model will answer request 1 by calling exit_plan_mode with the plan "# First: split the module."
      And the model will answer request 3 by calling exit_plan_mode with the plan "# Second: move the tests."
      And the user will answer the review by selecting Approve
      And <second-reply>
      When the user prompts "Plan the split"
      And the user turns plan mode on
      And the user prompts "Plan the tests"
      Then the user was asked 2 plan reviews
      And request 2 shows exit_plan_mode succeeding
      And request 3 is in plan mode
      And request 3 adds 1 notice
      And request 4 shows <result>
      And request 4 is <state> plan mode
      And request 4 adds no notice
      And the log holds the plan/mode events "<events>"

      Examples:
        | case         | second-reply                                                          | result                    | state  | events           |
        | approved     | the user will answer the review by selecting Approve                  | exit_plan_mode succeeding | not in | on, off, on, off |
        | not approved | the user will answer the review by selecting the keep-planning option | exit_plan_mode failing    | in     | on, off, on      |
