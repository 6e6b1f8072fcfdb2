@edition:0.0.1-rc.1 @edition:rc.8
Feature: A retry re-sends the request that failed (rc.8 and 0.0.1-rc.1 editions)
  In the rc.8 and 0.0.1-rc.1 editions a failed request that the host retries within the same
  step is sent again exactly as it was assembled: the same system prompt and
  the same messages. A retry is not a pre-step, so what the user did while the
  failed request was in flight waits: a selection stays pending through the
  retry (and `get` says so), and a `/plan` message is not slipped into it. The
  next pre-step applies them: the next continuation of the turn, or the next
  prompt when the turn ends first. (In the seed edition a retry is a request
  boundary like any other: see selection.feature.)

  @id:retry-resends-frozen-request @SET-06 @NARR-01 @needs:retry
  Scenario Outline: a selection made while a request fails waits through its retry, until the next prompt: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a retry
    And while the model handles request 1, the user turns plan mode <target>
    And while the model handles request 2, get reports plan mode <start> with plan mode <target> pending
    When the user prompts "Look around"
    Then the agent made 2 model requests
    And request 2 re-sends request 1 unchanged
    And request 2 is <before> plan mode
    And the log holds the plan/mode events "<events>"
    And get reports plan mode <start> with plan mode <target> pending
    When the user prompts "Carry on"
    Then request 3 is <after> plan mode
    And the plan/mode event comes before the header of request 3, which is the first to show it
    And request 3 adds one notice that the user <switched>
    And get reports plan mode <target> with nothing pending

    Examples:
      | case  | start | target | before | after  | events | switched                          |
      | enter | off   | on     | not in | in     | none   | switched to plan mode             |
      | leave | on    | off    | in     | not in | on     | switched back to the default mode |

  @id:retry-then-continuation-applies @SET-06 @SET-08 @needs:retry
  Scenario: a selection that waited through a retry is applied at the turn's next continuation, once
    Given request 1 will be followed by a retry
    And request 2 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 2, get reports plan mode off with plan mode on pending
    When the user prompts "Look around"
    Then the agent made 3 model requests
    And request 2 re-sends request 1 unchanged
    And request 3 is in plan mode
    And the plan/mode event comes before the header of request 3, which is the first to show it
    And request 3 adds one notice that the user switched to plan mode
    And the log holds the plan/mode events "on"
    And get reports plan mode on with nothing pending

  @id:retry-net-out-after-retry @SET-07 @SET-06 @needs:retry
  Scenario: selections that undo each other across a retry net out at the next pre-step
    Given the agent starts with plan mode on
    And request 1 will be followed by a retry
    And request 2 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode off
    And while the model handles request 2, the user turns plan mode on
    When the user prompts "Look around"
    Then the set results were "queued, cancelled"
    And request 2 re-sends request 1 unchanged
    And request 3 is in plan mode
    And the log holds the plan/mode events "on"
    And no request carries a notice

  @id:retry-steered-message-waits @CMD-03 @SET-06 @needs:commands @needs:retry
  Scenario: a /plan message typed while a request fails skips the retry and joins the next step, under plan guidance
    Given the model will answer request 1 with a retryable failure
    And while the model handles request 1, the user types the command "/plan  outline the steps "
    When the user prompts "Refactor the parser"
    And the user prompts "Go on"
    Then the command succeeded
    And request 2 re-sends request 1 unchanged
    And request 2 is not in plan mode
    And request 3 is the first to carry the steered message "outline the steps", under plan guidance, ahead of any later prompt
    And the log holds the user message "outline the steps" once

  @id:retry-pending-at-exit @LIM-01 @SET-06 @needs:retry @needs:restart
  Scenario: a selection still waiting after a retry ended the turn may be lost at exit, but nothing unrequested is logged
    Given request 1 will be followed by a retry
    And while the model handles request 1, the user turns plan mode on
    When the user prompts "Look around"
    Then get reports plan mode off with plan mode on pending
    When the host restarts
    Then the log of the agent kept everything it held before the restart
    And get reports plan mode off, the pending selection kept or lost
    When the user prompts "Carry on"
    Then the log holds no plan/mode event that no selection asked for
    And the first request after the restart shows the plan state the log holds

  @id:retry-projection-shows-waiting-line @PROJ-03 @PROJ-05 @SET-06 @needs:commands @needs:projections @needs:retry
  Scenario: a /plan typed while a request fails shows as pending through the retry and after the turn, in agreement with get
    Given the model will answer request 1 with a retryable failure
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 2, the projection shows plan mode off with a selection pending
    And while the model handles request 2, the projection agrees with get
    When the user prompts "Look around"
    Then request 2 re-sends request 1 unchanged
    And the projection shows plan mode off with a selection pending
    And the projection agrees with get
    When the user prompts "Carry on"
    Then request 3 is in plan mode
    And the projection shows plan mode on with nothing pending
    And the projection agrees with get
