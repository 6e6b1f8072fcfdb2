Feature: Plan state across restarts, forks, spawned agents and compaction
  Plan mode is not a flag in memory: the only durable fact is the last
  `plan/mode` event of the agent's session log. So whatever rebuilds an agent
  from its log gets its plan state for free. A host restarted from its store
  resumes the logged state; a fork copies the log and therefore starts in the
  same state, then goes its own way; a freshly spawned agent has an empty log
  and starts outside plan mode (there is no "create in plan mode" option); and
  compacting the history, which rewrites what the model sees of the past but
  not the log, leaves the plan guidance of the next request exactly as it was.

  @id:life-restart-active @STATE-03 @needs:restart
  Scenario: after a restart an agent in plan mode is still in plan mode
    Given plan mode is on
    When the user prompts "Plan the importer"
    And the host restarts
    Then the log of the agent kept everything it held before the restart
    And get reports plan mode on with nothing pending
    When the user prompts "Continue"
    Then request 2 is in plan mode
    And the system prompts of requests 1 and 2 are identical through order 50
    And the log holds the plan/mode events "on"

  @id:life-restart-left @STATE-03 @needs:restart
  Scenario: after a restart an agent that left plan mode is still out of it
    Given plan mode is on
    When the user prompts "Plan the importer"
    And the user turns plan mode off
    And the host restarts
    Then the log of the agent kept everything it held before the restart
    And get reports plan mode off with nothing pending
    When the user prompts "Now build it"
    Then request 2 is not in plan mode
    And the log holds the plan/mode events "on, off"

  @id:life-restart-after-approval @STATE-03 @needs:restart @needs:questions
  Scenario: after a restart a plan approved before it stays approved
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Import in three batches."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the importer"
    And the host restarts
    Then get reports plan mode off with nothing pending
    When the user prompts "Build it"
    Then request 3 is not in plan mode
    And the log holds the plan/mode events "on, off"

  @id:life-restart-after-compaction @STATE-03 @STATE-05 @needs:restart @needs:compaction
  Scenario: a plan state logged before a compaction survives a restart after it
    # Compaction rewrites what the model sees, not the log: a host that resumes from the last
    # compaction on (as if the summary replaced the log) loses the plan/mode event before it.
    # A long conversation first: a host may refuse to compact a history too short to summarise.
    Given plan mode is on
    When the user has a long conversation
    And the history of the agent is compacted
    And the host restarts
    Then the log of the agent kept everything it held before the restart
    And get reports plan mode on with nothing pending
    When the user prompts "Continue"
    Then the last request is in plan mode
    And the log holds the plan/mode events "on"

  @id:life-restart-before-any-request @STATE-03 @needs:restart
  Scenario: plan mode selected before any request survives a restart
    Given plan mode is on
    When the host restarts
    Then get reports plan mode on with nothing pending
    When the user prompts "Plan the importer"
    Then request 1 is in plan mode
    And the log holds the plan/mode events "on"

  @id:life-fork-inherits @STATE-04 @needs:fork
  Scenario: a fork starts in the plan state its origin had logged
    Given plan mode is on
    When the user prompts "Plan the importer"
    And the agent is forked
    Then get reports plan mode on for the fork
    When the user prompts the fork with "Continue in the fork"
    Then request 1 of the fork is in plan mode
    And the log of the fork holds the plan/mode events "on"

  @id:life-fork-diverges-in-fork @STATE-04 @needs:fork
  Scenario: leaving plan mode in the fork leaves the origin in plan mode
    Given plan mode is on
    When the user prompts "Plan the importer"
    And the agent is forked
    And the user turns plan mode off for the fork
    And the user prompts the fork with "Build it in the fork"
    And the user prompts "Keep planning here"
    Then request 1 of the fork is not in plan mode
    And request 2 is in plan mode
    And get reports plan mode on for the agent
    And get reports plan mode off for the fork
    And the log of the agent holds the plan/mode events "on"
    And the log of the fork holds the plan/mode events "on, off"

  @id:life-fork-diverges-in-origin @STATE-04 @needs:fork
  Scenario: leaving plan mode in the origin leaves the fork in plan mode
    Given plan mode is on
    When the user prompts "Plan the importer"
    And the agent is forked
    And the user turns plan mode off
    And the user prompts the fork with "Keep planning in the fork"
    Then request 1 of the fork is in plan mode
    And get reports plan mode off for the agent
    And get reports plan mode on for the fork
    And the log of the fork holds the plan/mode events "on"

  @id:life-fork-of-inactive @STATE-04 @needs:fork
  Scenario: a fork of an agent outside plan mode starts outside it, and entering it there changes only the fork
    When the user prompts "Look around"
    And the agent is forked
    Then get reports plan mode off for the fork
    When the user turns plan mode on for the fork
    And the user prompts the fork with "Plan in the fork"
    And the user prompts "Carry on here"
    Then request 1 of the fork is in plan mode
    And request 2 is not in plan mode
    And the log of the agent holds the plan/mode events "none"

  @id:life-spawn-inactive @STATE-07 @needs:spawn
  Scenario: a child spawned by an agent in plan mode starts outside plan mode
    Given plan mode is on
    When the user prompts "Plan the importer"
    And the agent spawns a child
    Then get reports plan mode off for the child
    When the user prompts the child with "Survey the parsers"
    Then request 1 of the child is not in plan mode
    And the log of the child holds the plan/mode events "none"
    And get reports plan mode on for the agent

  @id:owned-child-starts-inactive @STATE-07 @needs:ownedChild
  Scenario: a child owned by an agent in plan mode starts outside plan mode
    # An owned child (a delegated sub-agent, whose review the rc.8 and 0.0.1-rc.1 editions refuse) is a newly spawned
    # agent like any other in every edition: its owner's mode is not its own.
    Given plan mode is on
    When the user prompts "Plan the importer"
    And the child is a child agent owned by the agent
    Then get reports plan mode off for the child
    When the user prompts the child with "Survey the parsers"
    Then request 1 of the child is not in plan mode
    And the log of the child holds the plan/mode events "none"
    And get reports plan mode on for the agent

  @id:life-compaction-keeps-waiting-selection @STATE-05 @SET-02 @SET-06 @needs:compaction
  Scenario Outline: a selection still waiting when the history is compacted is applied at the next prompt: <case>
    Given plan mode starts <start>
    And while the model handles request 5, the user turns plan mode <target>
    When the user has a long conversation
    And the user prompts "Look around"
    Then get reports plan mode <start> with plan mode <target> pending
    When the history of the agent is compacted
    Then get reports plan mode <start> with plan mode <target> pending
    When the user prompts "Carry on"
    Then the last request is <guidance> plan mode
    And get reports plan mode <target> with nothing pending
    And the log holds the plan/mode events "<events>"

    Examples:
      | case     | start | target | guidance | events  |
      | entering | off   | on     | in       | on      |
      | leaving  | on    | off    | not in   | on, off |

  @id:life-restart-non-ascii-texts @STATE-03 @MX-03 @POLICY-03 @TOOL-06 @needs:restart @needs:questions
  Scenario: prompts, a plan, review feedback and the section in any script come back byte for byte after a restart
    Given the plan-mode section is "计划模式：先探索，再设计。Ünïcödé — Résumé ✓ 🚧 👩‍👩‍👧 𝒜"
    And plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 计划：迁移用户表 🚧\n1. Ünïcödé — café ✓"
    And the user will answer the review by selecting the keep-planning option with the feedback "再想想 — noch einmal 👍🏽"
    When the user prompts "请先看看 — ça va? 🧭 Ελληνικά"
    And the host restarts
    Then the log of the agent kept everything it held before the restart
    When the user prompts "继续 ✓ — weiter, Ø"
    Then request 3 starts with every message of request 2
    And the system prompts of requests 2 and 3 are identical through order 50
    And request 3 is in plan mode

  @id:life-restart-line-separators @STATE-03 @MX-03 @needs:restart
  Scenario: texts holding U+2028, U+2029 and lone carriage returns come back byte for byte after a restart
    # JSON leaves U+2028 and U+2029 unescaped: a store that reads its lines as Unicode text splits at them.
    Given plan mode is on
    When the user prompts the agent with "Check the importer⟨U+2028⟩then the callers⟨U+2029⟩then⟨U+000D⟩the rollback"
    And the host restarts
    Then the log of the agent kept everything it held before the restart
    When the user prompts "Go on"
    Then request 2 starts with every message of request 1
    And request 2 is in plan mode

  @id:life-compaction @STATE-05 @needs:compaction
  Scenario Outline: compacting the history leaves the plan guidance of the next request as it was
    Given plan mode starts <state>
    When the user has a long conversation
    And the history of the agent is compacted
    And the user prompts "Continue"
    Then the last request carries fewer messages than request 4
    And the last request is <guidance> plan mode
    And the system prompts of request 1 and the last request are identical through order 50
    And get reports plan mode <state> with nothing pending
    And the log holds the plan/mode events "<events>"

    Examples:
      | case     | state | guidance | events |
      | active   | on    | in       | on     |
      | inactive | off   | not in   | none   |

  Rule: agents made before a restart, and agents made after it, each resume or start from their own log

    @id:life-fork-before-restart @STATE-03 @STATE-04 @needs:fork @needs:restart
    Scenario: a fork made before a restart and parted from its origin resumes its own state after it
      Given plan mode is on
      When the agent is forked as agent "fork 1"
      And the user turns plan mode off for the agent
      And the host restarts
      Then get reports plan mode on for agent "fork 1", no other mode pending
      And get reports plan mode off for the agent, no other mode pending
      When the user prompts agent "fork 1" with "Carry on planning"
      Then request 1 of agent "fork 1" is in plan mode

    @id:life-agents-made-after-restart @STATE-03 @SCOPE-01 @needs:fork @needs:restart
    Scenario: agents created or forked after a restart are new agents, and the agents from before it keep their state
      Given plan mode is on
      When the user creates agent "B"
      And the host restarts
      And the user creates agent "C"
      And agent "B" is forked as agent "fork of B"
      Then get reports plan mode off for agent "C", no other mode pending
      And get reports plan mode off for agent "fork of B", no other mode pending
      And get reports plan mode on for the agent, no other mode pending
      When the user prompts agent "C" with "Look around"
      Then request 1 of agent "C" is not in plan mode
      And get reports plan mode on for the agent, no other mode pending
