Feature: Plan state lives in the session log
  Plan mode has one durable fact: the session event `plan/mode` with the
  payload `{ active: boolean }`, each one replacing the whole value. The state
  in force is the `active` of the last such event, or off when there is none,
  so resuming, forking and compacting all recover it from the log alone, and
  folding any prefix of the log tells what was in force at that point. The
  event is for the log and for observers (UIs), not for the model: it never
  shows up in the conversation the model receives. Observers are told of every
  committed `plan/mode` event, in log order, and of nothing that was only
  pending.

  @id:state-payload-exact @STATE-01
  Scenario Outline: every committed plan/mode event carries exactly { active: boolean }: <case>
    Given the agent starts with plan mode on
    And request 1 will be followed by a <boundary>
    And while the model handles request 1, the user turns plan mode off
    When the user keeps prompting until the agent has made 2 model requests
    And the user turns plan mode on
    Then the log holds the plan/mode events "on, off, on"
    And every plan/mode payload is exactly { active: boolean }

    Examples:
      | case                   | boundary          |
      | idle-and-continuation  | continuation      |


  @id:state-payload-exact-approved-exit @STATE-01 @needs:questions
  Scenario: the plan/mode event of an approved exit carries exactly { active: boolean } as well
    # The exit's own commit path: a host that records how plan mode was left (approved, by whom) in the
    # event's payload breaks the whole-value { active } there only.
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Import in three batches."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the importer"
    Then the log holds the plan/mode events "on, off"
    And every plan/mode payload is exactly { active: boolean }

  @id:state-log-only @STATE-01 @MX-03 @NARR-05
  Scenario: plan/mode events never reach the model's conversation
    Given the agent starts with plan mode on
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode off
    When the user prompts "Look around"
    And the user turns plan mode on
    And the user prompts "Carry on"
    Then the log holds the plan/mode events "on, off, on"
    And no model request carries a plan/mode record
    And the messages of request 1 are exactly:
      | kind | detail      |
      | user | Look around |
    And request 2 grows request 1 by exactly:
      | kind      | detail             |
      | assistant | calls probe_lookup |
      | tool      | probe_lookup ok    |
      | notice    | default            |
    And request 3 grows request 2 by exactly:
      | kind      | detail   |
      | assistant | Done.    |
      | notice    | plan     |
      | user      | Carry on |

  @id:state-empty-log-is-off @STATE-02
  Scenario: an agent whose log holds no plan/mode event is outside plan mode
    When the user prompts "Look around"
    Then the log holds no plan/mode event
    And the fold of the log gives plan mode off
    And get reports plan mode off with nothing pending
    And request 1 is not in plan mode

  @id:state-last-event-wins @STATE-01 @STATE-02
  Scenario: each plan/mode event replaces the whole value and the last one is in force
    When the user makes the selections "on, off, on, off, on"
    And the user prompts "Look around"
    Then the set results were "committed, committed, committed, committed, committed"
    And the log holds the plan/mode events "on, off, on, off, on"
    And the fold of the log gives plan mode on
    And get reports plan mode on with nothing pending
    And request 1 is in plan mode

  @id:state-prefix-fold-matches-get @STATE-02 @SET-05
  Scenario: folding the log up to any moment gives the state get reported at that moment
    Given request 1 will be followed by a continuation
    And request 2 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 1, the user reads the plan state
    And while the model handles request 2, the user reads the plan state
    And while the model handles request 3, the user turns plan mode off
    And while the model handles request 3, the user reads the plan state
    When the user reads the plan state
    And the user prompts "Look around"
    And the user reads the plan state
    And the user prompts "Carry on"
    And the user reads the plan state
    Then the agent made 4 model requests
    And the fold of every prefix of the log agrees with get at that point
    And the log holds the plan/mode events "on, off"

  @id:state-headers-follow-the-fold @STATE-02
  Scenario: every request was assembled under the state the log held just before its header
    Given request 1 will be followed by a continuation
    And request 2 will be followed by a prompt submission
    And request 3 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 3, the user turns plan mode on
    When the user keeps prompting until the agent has made 2 model requests
    And the user turns plan mode off
    And the user prompts "Carry on"
    Then the agent made 4 model requests
    And the log holds the plan/mode events "on, off, on"
    And every request header agrees with the plan guidance of its request
    And the headers of requests 1 and 2 describe plan mode off and on

  @id:state-observers-every-commit @STATE-06
  Scenario: observers are told of every committed plan/mode event, in log order
    Given the agent starts with plan mode on
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode off
    When the user prompts "Look around"
    And the user turns plan mode on
    And the user turns plan mode off
    Then the log holds the plan/mode events "on, off, on, off"
    And observers were told of the plan/mode events "on, off, on, off"
    And observers were told of every plan/mode event in log order

  @id:state-observers-told-at-commit @STATE-06 @SET-02 @SET-06
  Scenario: observers learn of a pending selection when it commits at the boundary, not before
    Given request 1 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 1, observers have been told of the plan/mode events "none"
    And while the model handles request 2, observers have been told of the plan/mode events "on"
    When the user prompts "Look around"
    Then the agent made 2 model requests
    And observers were told of the plan/mode events "on"

  @id:state-observers-not-told-of-withdrawn @STATE-06 @SET-03
  Scenario: a withdrawn selection is never told to observers
    Given request 1 will be followed by a continuation
    And while the model handles request 1, the user makes the selections "on, off"
    When the user prompts "Look around"
    Then the log holds no plan/mode event
    And observers were told of the plan/mode events "none"

  @id:state-observers-approved-exit @STATE-06 @needs:questions
  Scenario: observers are told of the plan/mode event an approved exit commits
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Read. 2. Write."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the change"
    Then the log holds the plan/mode events "on, off"
    And observers were told of the plan/mode events "on, off"
