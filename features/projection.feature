Feature: The plan session projection
  A UI that shows "plan mode on" or "switching…" should not need to ask the
  running process: it folds the session log. Where the host offers a
  session-projection registry, the plugin registers the unit `plan`, whose view
  `{ active, pending }` is a pure function of the log. A `/plan` line (logged as
  a `command/run` record) sets a target, and a committed `plan/mode` event sets
  the logged state and clears the target; `pending` is true only while the
  target differs from the logged state (the seed and 0.0.1-rc.1 fold these
  two kinds; a `command/done` is any other event there). (In the rc.8 edition the line's
  `command/done` settles its target: kept when the line succeeded, dropped
  when it failed, so a refused `/plan off` leaves no pending exit; a push on
  either record of a `/plan` line is allowed even when the view stays the
  same.) Because the `/plan` handler selects
  before anything that can fail, the view and the service's `get` never
  disagree after a `/plan` line; and because only the log counts, a restart or
  a second reader sees the very same view.

  @id:proj-registered @PROJ-01 @PROJ-03 @needs:projections
  Scenario: the plan unit is registered and reads the logged state with nothing pending
    Then the projection shows plan mode off with nothing pending
    When the user turns plan mode on
    Then the projection shows plan mode on with nothing pending
    When the user turns plan mode off
    Then the projection shows plan mode off with nothing pending

  @id:proj-registry-absent @PROJ-01 @needs:commands
  Scenario: a host without a projection registry is otherwise unaffected
    Given the host is composed without a projection registry
    When the user types the command "/plan"
    And the user prompts "Look around"
    Then the command succeeded
    And request 1 is in plan mode
    And get reports plan mode on with nothing pending
    And the log holds the plan/mode events "on"

  @id:proj-line-mid-turn @PROJ-02 @PROJ-03 @PROJ-05 @needs:commands @needs:projections
  Scenario Outline: a /plan line mid-turn shows as pending until the next request commits it, and agrees with get throughout
    Given plan mode starts <before>
    And the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command <line>
    And while the model handles request 1, the projection shows plan mode <before> with <during>
    And while the model handles request 1, the projection agrees with get
    When the user prompts "Look around"
    Then the projection shows plan mode <after> with nothing pending
    And the projection agrees with get

    Examples:
      | case          | before | line               | during              | after |
      | enter         | off    | "/plan"            | a selection pending | on    |
      | enter-message | off    | "/plan Off"        | a selection pending | on    |
      | already-on    | on     | "/plan"            | nothing pending     | on    |
      | leave-padded  | on     | "/plan   off  "    | a selection pending | off   |
      | already-off   | off    | "/plan off"        | nothing pending     | off   |
      | off-words     | off    | "/plan off now"    | a selection pending | on    |
      | off-words-on  | on     | "/plan off now"    | nothing pending     | on    |

  @id:proj-entry-withdrawn @PROJ-03 @PROJ-05 @needs:commands @needs:projections
  Scenario: a /plan withdrawn by /plan off before any request shows nothing pending
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 1, the user types the command "/plan off"
    And while the model handles request 1, the projection shows plan mode off with nothing pending
    And while the model handles request 1, the projection agrees with get
    When the user prompts "Look around"
    Then the projection shows plan mode off with nothing pending

  @id:proj-pending-across-turn-end @PROJ-02 @PROJ-03 @PROJ-05 @needs:commands @needs:projections
  Scenario: a target waiting across the end of a turn stays pending until a plan/mode event commits it
    Given while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    Then the projection shows plan mode off with a selection pending
    And the projection agrees with get
    When the user prompts "Carry on"
    Then request 2 is in plan mode
    And the projection shows plan mode on with nothing pending
    And the projection agrees with get

  @id:proj-service-selection-unlogged @PROJ-02 @PROJ-04 @needs:projections
  Scenario: a selection made through the service mid-turn is not in the log, so the view does not show it until it commits
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 1, get reports plan mode off with plan mode on pending
    And while the model handles request 1, the projection shows plan mode off with nothing pending
    When the user prompts "Look around"
    Then request 2 is in plan mode
    And the projection shows plan mode on with nothing pending

  @id:proj-approved-exit @PROJ-02 @PROJ-03 @needs:commands @needs:projections @needs:questions
  Scenario: leaving through an approved review commits the logged state the view shows
    Given the model will answer request 1 by calling exit_plan_mode with the plan "# Ship the flag off by default."
    And the user will answer the review by selecting Approve
    When the user types the command "/plan"
    Then the projection shows plan mode on with nothing pending
    When the user prompts "Plan the rollout"
    Then request 2 is not in plan mode
    And the projection shows plan mode off with nothing pending
    And the projection agrees with get

  @id:proj-unrelated-events @PROJ-02 @needs:commands @needs:projections
  Scenario: turns, tool calls and messages leave the view as it was and push nothing
    Given the model will answer request 1 by calling the probe tool
    When the scenario notes the projection pushes so far
    And the user types the command "/plan"
    Then the projection shows plan mode on with nothing pending
    When the user prompts "Look around"
    And the user prompts "And the tests?"
    Then the projection shows plan mode on with nothing pending
    And reading the projection twice gives the same view
    And since then the projection pushed no view for an event the plan unit does not fold

  @id:proj-no-push-for-unrelated-events @PROJ-02 @needs:projections
  Scenario: the registry pushes a new view only when the plan unit's state changed
    Given plan mode is on
    And the model will answer request 1 by calling the probe tool
    When the scenario notes the projection pushes so far
    And the user prompts "Look around"
    And the user prompts "And the tests?"
    Then the projection shows plan mode on with nothing pending
    And since then the projection pushed no view for an event the plan unit does not fold

  @id:proj-failed-line-leaves-no-pending @PROJ-02 @PROJ-03 @PROJ-05 @edition:rc.8 @needs:commands @needs:projections
  Scenario: in rc.8 a /plan line that fails leaves no pending target: its command/done drops it
    Given plan mode starts on
    When the user types the command "/plan off" with the images "red"
    Then the command failed
    And the projection shows plan mode on with nothing pending
    And the projection agrees with get

  @id:proj-failed-line-keeps-earlier-selection @PROJ-02 @PROJ-03 @PROJ-05 @edition:rc.8 @needs:commands @needs:projections
  Scenario: in rc.8 a /plan line that fails drops only its own target; a /plan still waiting from before it still shows as pending
    Given while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    And the user types the command "/plan off" with the images "red"
    Then the command failed
    And get reports plan mode off with plan mode on pending
    And the projection agrees with get
    And the projection shows plan mode off with a selection pending
    When the user prompts "Carry on"
    Then request 2 is in plan mode
    And the projection shows plan mode on with nothing pending

  @id:proj-outcome-record-not-folded @PROJ-02 @edition:seed @edition:0.0.1-rc.1 @needs:commands @needs:projections
  Scenario: in the seed and 0.0.1-rc.1 editions the unit folds two kinds: a /plan line's outcome record, if the host logs one, is any other event and pushes nothing
    Given plan mode starts off
    When the scenario notes the projection pushes so far
    And the user types the command "/plan"
    And the user types the command "/plan"
    And the user types the command "/plan off"
    And the user types the command "/plan off"
    Then the projection shows plan mode off with nothing pending
    And since then the projection pushed no view for an event the plan unit does not fold

  @id:proj-restart-cold-fold @PROJ-04 @needs:commands @needs:projections @needs:restart
  Scenario: after a restart the view folded from the persisted log is the same
    Given plan mode is on
    And the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan off"
    And while the model handles request 2, the user types the command "/plan"
    When the user prompts "Look around"
    And the host restarts
    Then the projection reads the same as before the restart
    And the projection shows plan mode off with a selection pending

  @id:proj-pushes-after-restart @PROJ-02 @PROJ-04 @needs:commands @needs:projections @needs:restart
  Scenario Outline: after a restart the registry pushes only views the log folds to: <case>
    Given plan mode is on
    When the host restarts
    And the scenario notes the projection pushes so far
    And the user types the command "<line>"
    Then the projection shows plan mode <active> with nothing pending
    And since then every view the projection pushed is one its log folds to

    Examples:
      | case          | line      | active |
      | already-on    | /plan     | on     |
      | leaving       | /plan off | off    |

  @id:proj-changes-pushed @PROJ-02 @PROJ-03 @needs:commands @needs:projections
  Scenario Outline: a change of the view reaches subscribers: <case>
    Given the agent starts with plan mode <start>
    When the scenario notes the projection pushes so far
    And the user types the command "<line>"
    Then the projection shows plan mode <active> with nothing pending
    And since then the projection pushed the view it now shows

    Examples:
      | case  | start | line      | active |
      | enter | off   | /plan     | on     |
      | leave | on    | /plan off | off    |

  @id:proj-pending-change-pushed @PROJ-02 @PROJ-03 @needs:commands @needs:projections
  Scenario: a target waiting for the next request reaches subscribers as pending
    Given while the model handles request 1, the user types the command "/plan"
    When the scenario notes the projection pushes so far
    And the user prompts "Look around"
    Then the projection shows plan mode off with a selection pending
    And since then the projection pushed the view it now shows

  @id:proj-selection-change-pushed @PROJ-02 @needs:projections
  Scenario: a selection through the service that commits reaches subscribers
    When the scenario notes the projection pushes so far
    And the user turns plan mode on
    Then the projection shows plan mode on with nothing pending
    And since then the projection pushed the view it now shows

  @id:proj-fork-folds-its-log @PROJ-04 @STATE-04 @needs:fork @needs:commands @needs:projections
  Scenario: a fork's view is what its own log folds to, the /plan it inherited included
    Given while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    And the agent is forked as the fork
    Then the projection shows plan mode off with a selection pending
    And the projection of the fork is what its log folds to
    When the user prompts the fork with "Carry on"
    Then the projection of the fork is what its log folds to
    And the projection of the agent is what its log folds to

  @id:proj-fork-after-restart @PROJ-04 @STATE-04 @needs:fork @needs:commands @needs:projections @needs:restart
  Scenario: after a restart a fork's view is the one it showed, folded from its persisted log
    Given plan mode is on
    And while the model handles request 1, the user types the command "/plan off"
    When the user prompts "Look around"
    And the agent is forked as the fork
    And the host restarts
    Then the projection of the fork reads the same as before the restart
    And the projection of the fork is what its log folds to
