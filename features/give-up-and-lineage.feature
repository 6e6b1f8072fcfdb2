Feature: Notices after a turn that gives up, after a restart and in forks
  A failed request the model marks as not retryable ends the turn: the host
  gives up on it, by ending the turn or by rejecting the prompt (the seed
  leaves both open, and how often a host retries too). The request that failed
  was still assembled and sent, so the model saw the state it described: a
  switch after the turn owes a notice just as after any other request. Whether
  a notice is owed is read from the log, so it is owed just the same after a
  restart and in a fork; and a fork of a fork starts from its own origin's
  log, whatever that origin was forked from.

  @id:give-up-then-switch-owes-notice @NARR-01 @SET-01
  Scenario: after a turn that gives up on a failed request, a switch tells the model
    Given the model will answer request 1 with a failure that is not retryable
    When the user prompts "Look around", which may give up
    And the user turns plan mode on
    And the user prompts "Plan the change"
    Then the last request is in plan mode
    And the last request carries the notices "enter"

  @id:give-up-keeps-selection-for-next-prompt @SET-02 @SET-06 @NARR-01
  Scenario: a selection made while the request that fails for good is in flight reaches the next prompt, with its notice
    Given the model will answer request 1 with a failure that is not retryable
    And while the model handles request 1, the user turns plan mode on
    When the user prompts "Look around", which may give up
    And the user prompts "Plan the change"
    Then the last request is in plan mode
    And the last request carries the notices "enter"
    And the log holds the plan/mode events "on"

  # Whether a steered message keeps a turn going or waits for the next step is left open; a turn that gave up
  # has no step left, so either way the message waits for the next turn, ahead of its prompt.
  @id:give-up-keeps-steered-message @CMD-03 @needs:commands
  Scenario: a /plan message typed while the request that fails for good is in flight reaches the next prompt's request first, under plan guidance
    Given the model will answer request 1 with a failure that is not retryable
    And while the model handles request 1, the user types the command "/plan check the rollback first"
    When the user prompts "Look around", which may give up
    And the user prompts "Plan the change"
    Then request 2 is the first to carry the steered message "check the rollback first", under plan guidance, ahead of any later prompt
    And the log holds the user message "check the rollback first" once

  @id:notice-owed-after-restart @NARR-01 @STATE-03 @needs:restart
  Scenario: a switch after a restart owes the notice the log says the model needs
    When the user prompts "Look around"
    And the host restarts
    And the user turns plan mode on
    And the user prompts "Plan the change"
    Then the last request is in plan mode
    And the last request carries the notices "enter"

  @id:notice-owed-in-fork @NARR-01 @STATE-04 @needs:fork
  Scenario: a switch in a fork owes the notice its origin's last request makes due
    When the user prompts "Look around"
    And the agent is forked as agent "F"
    And the user turns plan mode on for agent "F"
    And the user prompts agent "F" with "Plan the change"
    Then request 1 of agent "F" is in plan mode
    And request 1 of agent "F" carries the notices "entering"
    And get reports plan mode off for the agent, no other mode pending

  # Whether G's first request carries the notice F's switch owed is not judged here: F's model had not
  # seen the switch, and when an idle commit's notice is written to the log is left open, so a fork
  # taken before F's next request may lack it (dsh writes it at that request).
  @id:fork-of-fork-from-own-origin @STATE-04 @needs:fork
  Scenario: a fork of a fork starts from its own origin's state, not from the agent that origin was forked from
    When the user prompts "Look around"
    And the agent is forked as agent "F"
    And the user turns plan mode on for agent "F"
    And agent "F" is forked as agent "G"
    Then get reports plan mode on for agent "G", no other mode pending
    When the user prompts agent "G" with "Plan the change"
    Then request 1 of agent "G" is in plan mode
    And get reports plan mode off for the agent, no other mode pending

  @id:fork-of-fork-through-restart @STATE-03 @STATE-04 @needs:fork @needs:restart
  Scenario: forks of forks keep their own states through a restart
    When the user prompts "Look around"
    And the agent is forked as agent "F"
    And the user turns plan mode on for agent "F"
    And agent "F" is forked as agent "G"
    And the user turns plan mode off for agent "G"
    And the host restarts
    Then get reports plan mode off for the agent, no other mode pending
    And get reports plan mode on for agent "F", no other mode pending
    And get reports plan mode off for agent "G", no other mode pending
    When the user prompts agent "G" with "Carry on"
    Then request 1 of agent "G" is not in plan mode
    And the plan/mode events agent "G" logged itself are "off"
