Feature: The plan policy section of the system prompt
  What plan mode means is the deployment's choice: its configured `section`
  text. While plan mode is active, every request's system prompt carries that
  text exactly, as the section `plan:policy` at prompt order 50, after every
  section ordered below 50 and before every section ordered above 50; while it
  is inactive the plugin adds nothing at all. The kit surrounds order 50 with
  its own probe sections at orders 49 and 51 to find the slot. Because prompt
  caches key on the prompt prefix, the section is byte-identical from request
  to request within plan mode, and entering or leaving it changes the system
  prompt only from order 50 on.

  @id:policy-section-exact @POLICY-01
  Scenario Outline: the configured section appears exactly, at order 50: <case>
    Given the plan-mode section is "<section>"
    And plan mode is on
    When the user prompts "Look around"
    Then request 1 is in plan mode

    Examples:
      | case             | section                                                                        |
      | unicode          | 你处于 plan 模式：先探索与设计，再通过 exit_plan_mode 提交完整计划。 ✓            |
      | replace-patterns | Keep $& and $1 and $$ and $` literally; they are text, not patterns.            |
      | template-marks   | Plan first: {{plan}} and {{ name }} and ${edition} stay as written, not filled in. |

  @id:policy-every-request @POLICY-01 @POLICY-03
  Scenario Outline: every request made in plan mode carries the same section: <case>
    Given plan mode is on
    And request 1 will be followed by a <boundary>
    And request 2 will be followed by a continuation
    When the user keeps prompting until the agent has made 3 model requests
    Then every request is in plan mode
    And the system prompts of requests 1, 2 and 3 are identical through order 50

    Examples:
      | case                        | boundary          |
      | across-prompt-submission    | prompt submission |

    @needs:retry
    Examples: across a retry
      | case          | boundary |
      | across-retry  | retry    |

  @id:policy-stable-through-withdrawn-exit @POLICY-03 @SET-03
  Scenario: a withdrawn selection to leave does not disturb the section
    Given plan mode is on
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user makes the selections "off, on"
    When the user prompts "Look around"
    Then every request is in plan mode
    And the system prompts of requests 1 and 2 are identical through order 50

  @id:policy-inactive-adds-nothing @POLICY-02
  Scenario Outline: leaving plan mode takes every trace of the section out of the prompt: <case>
    Given request 1 will be followed by a <first>
    And request 2 will be followed by a <second>
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 2, the user turns plan mode off
    When the user keeps prompting until the agent has made 3 model requests
    Then request 1 is not in plan mode
    And request 2 is in plan mode
    And request 3 is not in plan mode
    And the system prompts of requests 1 and 3 are identical through order 50

    Examples:
      | case                 | first             | second            |
      | at-continuations     | continuation      | continuation      |

    @needs:retry @SET-06 @edition:seed
    Examples: entering at a retry
      | case                        | first | second       |
      | at-retry-then-continuation  | retry | continuation |

  @id:policy-prefix-stable-idle @POLICY-04
  Scenario Outline: a selection between turns changes the system prompt only from order 50 on: <case>
    Given the agent starts with plan mode <start>
    When the user prompts "Look around"
    And the user turns plan mode <target>
    And the user prompts "Carry on"
    Then the system prompts of requests 1 and 2 are not identical
    And the system prompts of requests 1 and 2 are identical up to order 50

    Examples:
      | case  | start | target |
      | enter | off   | on     |
      | leave | on    | off    |

  @id:policy-prefix-stable-mid-turn @POLICY-04
  Scenario Outline: a selection applied mid-turn changes the system prompt only from order 50 on: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a <boundary>
    And while the model handles request 1, the user turns plan mode <target>
    When the user keeps prompting until the agent has made 2 model requests
    Then the system prompts of requests 1 and 2 are not identical
    And the system prompts of requests 1 and 2 are identical up to order 50

    Examples:
      | case                  | start | target | boundary     |
      | enter-at-continuation | off   | on     | continuation |

    @needs:retry @SET-06 @edition:seed
    Examples: at a retry
      | case           | start | target | boundary |
      | leave-at-retry | on    | off    | retry    |

  @id:policy-slot-at-every-magnitude @POLICY-01 @POLICY-04
  Scenario Outline: sections ordered at other magnitudes stay on their side of order 50: <case>
    Given the host also has probe sections at orders "<orders>"
    And the agent starts with plan mode on
    When the user prompts "Look around"
    And the user turns plan mode off
    And the user prompts "Carry on"
    Then request 1 is in plan mode
    And request 2 is not in plan mode
    And the system prompts of requests 1 and 2 are identical up to order 50

    Examples:
      | case           | orders                  |
      | one-digit      | 1, 5, 9                 |
      | three-digit    | 100, 500, 999           |
      | both-sides     | 9, 42, 99, 100, 500     |
