Feature: Plan mode is per agent and only guides
  A host may run several agents side by side (a main agent, sub-agents, other
  sessions). Plan state is recorded per agent, in that agent's own session log:
  selecting or leaving plan mode for one agent must not change another agent's
  state, system prompt, conversation or log, and "running" is per agent too.
  Plan mode is soft guidance, not enforcement: it adds a section to the system
  prompt and a tool to present the plan, but every registered tool stays in the
  catalog and runs as usual. Sandboxing and approval policy are separate axes
  that plan mode neither reads nor writes.

  @id:scope-idle-selection-stays-with-its-agent @SCOPE-01
  Scenario: entering plan mode for one agent leaves another agent untouched
    Given plan mode is on for the agent
    When the user prompts "Look around"
    And the user prompts agent "B" with "Look around"
    Then request 1 is in plan mode
    And request 1 of agent "B" is not in plan mode
    And the log of agent "B" holds the plan/mode events "none"
    And get reports plan mode off for agent "B"
    And observers of agent "B" were told of the plan/mode events "none"
    And request 1 of agent "B" adds no notice

  @id:scope-running-is-per-agent @SCOPE-01 @SET-01
  Scenario: a selection for an idle agent commits at once while another agent is mid-turn
    Given request 1 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode on for agent "B"
    When the user prompts "Look around"
    Then set returned committed
    And the log of agent "B" holds the plan/mode events "on"
    And the log holds no plan/mode event
    And get reports plan mode off with nothing pending
    And request 2 is not in plan mode
    And request 2 adds no notice
    When the user prompts agent "B" with "Look around"
    Then request 1 of agent "B" is in plan mode

  @id:scope-pending-waits-for-its-agent @SCOPE-01 @SET-06
  Scenario: a pending selection is applied at its own agent's boundary, never at another agent's
    Given while the model handles request 1, the user turns plan mode on
    When the user prompts "Look around"
    And the user prompts agent "B" with "Look around"
    Then request 1 of agent "B" is not in plan mode
    And the log of agent "B" holds the plan/mode events "none"
    And get reports plan mode off with plan mode on pending
    When the user prompts "Carry on"
    Then request 2 is in plan mode
    And the log holds the plan/mode events "on"

  @id:scope-leaving-stays-with-its-agent @SCOPE-01
  Scenario: leaving plan mode for one agent keeps another agent's plan guidance byte for byte
    Given plan mode is on for the agent
    And plan mode is on for agent "B"
    When the user prompts "Look around"
    And the user prompts agent "B" with "Look around"
    And the user turns plan mode off
    And the user prompts "Carry on"
    And the user prompts agent "B" with "Carry on"
    Then request 2 is not in plan mode
    And request 2 of agent "B" is in plan mode
    And request 2 of agent "B" adds no notice
    And the log of agent "B" holds the plan/mode events "on"
    And get reports plan mode on for agent "B"
    And observers of agent "B" were told of the plan/mode events "on"

  @id:scope-tools-run-in-plan-mode @SCOPE-02
  Scenario: in plan mode every registered tool still runs as usual
    Given plan mode is on
    And request 1 will be followed by a continuation
    And request 2 will be followed by a continuation
    When the user prompts "Look around"
    Then the probe tool ran 2 times
    And request 2 shows the probe tool result
    And request 3 shows the probe tool result
    And every request is in plan mode
    And the tool catalog still offers the probe tool

  @id:scope-same-catalog-in-both-states @SCOPE-02 @TOOL-02
  Scenario: an agent in plan mode is offered the very catalog an agent outside it is offered
    Given plan mode is on for the agent
    When the user prompts "Look around"
    And the user prompts agent "B" with "Look around"
    Then request 1 is in plan mode
    And request 1 of agent "B" is not in plan mode
    And request 1 of the agent and request 1 of agent "B" carry the same tool catalog
    And the tool catalog still offers the probe tool
