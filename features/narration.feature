Feature: Telling the model that the user switched mode
  The model cannot see the session log, only its requests. When the user's
  selection changes the mode after the model has already worked under the
  other mode, the plugin adds one short notice: a user message whose source is
  the plugin, saying the user switched to plan mode or back to the default
  mode. The notice is owed only when the last request header described the
  other state; before any request the section itself says which mode is in
  force, a withdrawn selection was never seen, and an approved exit is already
  explained by the tool result. The notice is appended after the conversation
  so far, so the reusable request prefix (and its KV cache) is kept. Its
  wording is the host's own: the kit checks that the entry notice and the exit
  notice differ and that each reads the same every time, and shows them for a
  person to read.

  @id:narration-idle-commit @NARR-01 @NARR-05 @MX-03
  Scenario Outline: a selection committed between turns is told once, right after what the model saw: <case>
    Given the agent starts with plan mode <start>
    When the user prompts "Look around"
    And the user turns plan mode <target>
    And the user prompts "Carry on"
    Then set returned committed
    And request 2 grows request 1 by exactly:
      | kind      | detail    |
      | assistant | Done.     |
      | notice    | <mode>    |
      | user      | Carry on  |
    And the log holds 1 notice

    Examples:
      | case  | start | target | mode    |
      | enter | off   | on     | plan    |
      | leave | on    | off    | default |

  @id:narration-none-before-first-request @NARR-02 @MX-01
  Scenario Outline: selections before the agent's first request add no notice: <case>
    When the user makes the selections "<selections>"
    And the user prompts "Look around"
    Then the set results were "<results>"
    And the log holds no notice
    And the messages of request 1 are exactly:
      | kind | detail      |
      | user | Look around |
    And request 1 is <guidance> plan mode

    Examples:
      | case              | selections  | results                         | guidance |
      | enter             | on          | committed                       | in       |
      | enter-leave       | on, off     | committed, committed            | not in   |

  @id:narration-none-when-model-saw-it @NARR-02
  Scenario: a commit back to the state the last request described adds no second notice
    Given the agent starts with plan mode on
    When the user prompts "Look around"
    And the user turns plan mode off
    And the user turns plan mode on
    And the user prompts "Carry on"
    Then the set results were "committed, committed"
    And the log holds the plan/mode events "on, off, on"
    And the log holds 1 notice
    And request 2 adds 1 notice
    And request 2 is in plan mode

  @id:narration-cancel-after-turn @NARR-03 @SET-03
  Scenario Outline: a pending selection withdrawn after its turn closed leaves no trace: <case>
    Given the agent starts with plan mode <start>
    And while the model handles request 1, the user turns plan mode <target>
    When the user prompts "Look around"
    And the user turns plan mode <start>
    And the user prompts "Carry on"
    Then the set results were "queued, cancelled"
    And the log holds the plan/mode events "<events>"
    And the log holds no notice
    And request 2 grows request 1 by exactly:
      | kind      | detail   |
      | assistant | Done.    |
      | user      | Carry on |
    And the headers of requests 1 and 2 describe plan mode <start> and <start>

    Examples:
      | case         | start | target | events |
      | cancel-entry | off   | on     | none   |

  @id:narration-notice-texts-consistent @NARR-01
  Scenario: the entry notice and the exit notice differ, and each reads the same every time
    When the user prompts "One"
    And the user turns plan mode on
    And the user prompts "Two"
    And the user turns plan mode off
    And the user prompts "Three"
    And the user turns plan mode on
    And the user prompts "Four"
    And the user turns plan mode off
    And the user prompts "Five"
    Then request 2 adds one notice that the user switched to plan mode
    And request 3 adds one notice that the user switched back to the default mode
    And request 4 adds one notice that the user switched to plan mode
    And request 5 adds one notice that the user switched back to the default mode
    And the log holds 4 notices

  @id:narration-approved-exit @NARR-04 @needs:questions
  Scenario: an exit approved through exit_plan_mode adds no notice
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Read the code. 2. Change it."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the change"
    Then request 2 shows exit_plan_mode succeeding
    And request 2 is not in plan mode
    And the log holds the plan/mode events "on, off"
    And the log holds no notice
    And request 2 grows request 1 by exactly:
      | kind      | detail               |
      | assistant | calls exit_plan_mode |
      | tool      | exit_plan_mode ok    |

  @id:narration-each-switch-once @NARR-01 @NARR-05
  Scenario: two switches in one turn are told once each, in order, without touching earlier messages
    Given the agent starts with plan mode on
    And request 1 will be followed by a continuation
    And request 2 will be followed by a continuation
    And request 3 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode off
    And while the model handles request 2, the user turns plan mode on
    When the user prompts "Look around"
    Then request 2 adds one notice that the user switched back to the default mode
    And request 3 adds one notice that the user switched to plan mode
    And request 4 adds no notice
    And request 4 starts with every message of request 2
    And the log holds 2 notices

  @id:narration-approved-exit-moots-selection @NARR-04 @SET-04 @SET-07 @TOOL-05 @needs:questions
  Scenario Outline: a selection made while the model presents its plan adds no event and no notice once the plan is approved: <case>
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Read the code. 2. Change it."
    And the user will answer the review by selecting Approve
    And while the model handles request 1, the user turns plan mode <target>
    When the user prompts "Plan the change"
    Then the set results were "committed, <result>"
    And request 2 shows exit_plan_mode succeeding
    And request 2 is not in plan mode
    And the log holds the plan/mode events "on, off"
    And the log holds no notice
    And no request carries a notice
    And get reports plan mode off with nothing pending

    Examples:
      | case               | target | result |
      | leave-then-approve | off    | queued |
      | stay-then-approve  | on     | noop   |

  @id:narration-idle-repeat-set @NARR-01 @SET-04
  Scenario Outline: an idle selection repeating the state it just committed adds no second notice: <case>
    Given the agent starts with plan mode <start>
    When the user prompts "Look around"
    And the user makes the selections "<selections>"
    And the user prompts "Carry on"
    Then the set results were "<results>"
    And request 2 adds one notice that the user switched <direction>
    And the log holds 1 notice

    Examples:
      | case        | start | selections | results                    | direction                |
      | leave-twice | on    | off, off   | committed, noop            | back to the default mode |
      | enter-twice | off   | on, on     | committed, noop            | to plan mode             |

  @id:narration-idle-repeat-command @NARR-01 @CMD-02 @CMD-04 @needs:commands
  Scenario Outline: a /plan line repeating the state it just committed adds no second notice: <case>
    Given the agent starts with plan mode <start>
    When the user prompts "Look around"
    And the user types the command "<line>"
    And the user types the command "<line>"
    And the user prompts "Carry on"
    Then request 2 adds one notice that the user switched <direction>
    And the log holds 1 notice

    Examples:
      | case        | start | line      | direction                |
      | leave-twice | on    | /plan off | back to the default mode |
      | enter-twice | off   | /plan     | to plan mode             |

  @id:narration-queued-at-continuation @NARR-01 @SET-06
  Scenario Outline: a selection queued while the model works is told once, in the request it changes: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user <action>
    When the user prompts "Look around"
    Then request 2 is <guidance> plan mode
    And request 2 adds one notice that the user switched <direction>
    And the log holds 1 notice

    Examples:
      | case        | start | action                          | guidance | direction                |
      | set-leave   | on    | turns plan mode off             | not in   | back to the default mode |
      | set-enter   | off   | turns plan mode on              | in       | to plan mode             |

  @id:narration-queued-command-at-continuation @NARR-01 @CMD-02 @CMD-04 @needs:commands
  Scenario Outline: a /plan line queued while the model works is told once, in the request it changes: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user types the command "<line>"
    When the user prompts "Look around"
    Then request 2 is <guidance> plan mode
    And request 2 adds one notice that the user switched <direction>
    And the log holds 1 notice

    Examples:
      | case        | start | line      | guidance | direction                |
      | plan-off    | on    | /plan off | not in   | back to the default mode |
      | plan        | off   | /plan     | in       | to plan mode             |

  @id:narration-queued-at-next-prompt @NARR-01 @SET-06
  Scenario Outline: a selection queued in a turn's last request is told once, at the next prompt: <case>
    Given the agent starts with plan mode <start>
    And while the model handles request 1, the user <action>
    When the user prompts "Look around"
    And the user prompts "Carry on"
    Then request 2 is <guidance> plan mode
    And request 2 adds one notice that the user switched <direction>
    And the log holds 1 notice

    Examples:
      | case      | start | action              | guidance | direction                |
      | set-leave | on    | turns plan mode off | not in   | back to the default mode |
      | set-enter | off   | turns plan mode on  | in       | to plan mode             |

  @id:narration-queued-command-at-next-prompt @NARR-01 @CMD-02 @CMD-04 @needs:commands
  Scenario Outline: a /plan line queued in a turn's last request is told once, at the next prompt: <case>
    Given the agent starts with plan mode <start>
    And while the model handles request 1, the user types the command "<line>"
    When the user prompts "Look around"
    And the user prompts "Carry on"
    Then request 2 is <guidance> plan mode
    And request 2 adds one notice that the user switched <direction>
    And the log holds 1 notice

    Examples:
      | case     | start | line      | guidance | direction                |
      | plan-off | on    | /plan off | not in   | back to the default mode |
      | plan     | off   | /plan     | in       | to plan mode             |
