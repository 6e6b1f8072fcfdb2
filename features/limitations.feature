Feature: Known limitations
  Two limits are part of the contract rather than bugs. First, a selection
  made while the agent runs waits for the next request; if the process exits
  before that request, the waiting selection may be lost. What was logged must
  survive intact, though, and nothing may appear in the log that nobody asked
  for; a UI can see from the projection that a `/plan` was still outstanding
  and apply it again. Second, not every UI knows the `plan-review` intent: a
  plain question UI shows the review as an ordinary question, and its answer
  must be read exactly as a plan-aware UI's would be.

  @id:lim-pending-at-exit @LIM-01 @STATE-03 @needs:restart
  Scenario Outline: a selection still pending at exit may be lost, but the logged state survives and nothing unrequested is logged
    Given plan mode starts <logged>
    And while the model handles request 1, the user turns plan mode <target>
    When the user prompts "Look around"
    Then get reports plan mode <logged> with plan mode <target> pending
    When the host restarts
    Then the log of the agent kept everything it held before the restart
    And get reports plan mode <logged>, the pending selection kept or lost
    When the user prompts "Carry on"
    Then the log holds no plan/mode event that no selection asked for
    And the first request after the restart shows the plan state the log holds

    Examples:
      | case          | logged | target |
      | pending-entry | off    | on     |
      | pending-exit  | on     | off    |

  @id:lim-reapply-after-restart @LIM-01 @PROJ-04 @needs:restart @needs:commands @needs:projections
  Scenario: the projection still shows an outstanding /plan after a restart, so the UI can apply it again
    Given while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    Then the projection shows plan mode off with a selection pending
    When the host restarts
    Then the projection reads the same as before the restart
    When the user types the command "/plan"
    And the user prompts "Carry on"
    Then request 2 is in plan mode
    And the log holds the plan/mode events "on"
    And the projection shows plan mode on with nothing pending

  @id:lim-generic-ui @LIM-02 @REVIEW-02 @needs:questions
  Scenario: a UI without the plan-review intent shows an ordinary question, and declining there keeps plan mode
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Move the cron jobs to the queue."
    And a generic question UI will answer the review by selecting its other option
    When the user prompts "Plan the job migration"
    Then the review reads as a question on its own, without its intent
    And request 2 shows exit_plan_mode failing
    And request 2 is in plan mode
    And get reports plan mode on with nothing pending
