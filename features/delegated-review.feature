@edition:0.0.1-rc.1 @edition:rc.8
Feature: Who may open the plan review (rc.8 and 0.0.1-rc.1 editions)
  In the rc.8 and 0.0.1-rc.1 editions a child agent owned by a live agent (a delegated
  sub-agent) cannot open the plan review: its `exit_plan_mode` call in plan
  mode fails without asking the user, and it stays in plan mode; the failure
  tells it to put the unresolved decision in its final result, in the host's
  own words. Every other agent opens the review as before: its owner, and a
  fork no live agent owns (fork lineage alone does not make an agent owned).
  Whether a fresh fork of an owned child is owned too, by its origin's owner,
  is the host's own; after a restart only its lineage is left.
  An owned child is still a newly spawned agent: it starts outside plan mode,
  whatever its owner's mode.

  @id:review-owned-child-refused @REVIEW-07 @needs:ownedChild @needs:questions
  Scenario: a child owned by a live agent cannot open the review and stays in plan mode
    Given the child is a child agent owned by the agent
    And plan mode is on for the child
    And the model will answer request 1 of the child by calling exit_plan_mode with the plan "# Split the importer into two passes"
    And the user will answer the review by selecting Approve
    When the user prompts the child with "Plan the importer"
    Then request 2 of the child shows exit_plan_mode failing without a review
    And no plan review was opened
    And request 2 of the child is in plan mode
    And get reports plan mode on for the child, no other mode pending
    And the log of the child holds the plan/mode events "on"

  @id:review-owner-of-child-reviews @TOOL-04 @REVIEW-07 @needs:ownedChild @needs:questions
  Scenario: the owner of a live child opens its own review as usual
    Given the child is a child agent owned by the agent
    And plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Ship the importer behind a flag"
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the rollout"
    Then the user was asked one plan review, for the agent, showing the plan "# Ship the importer behind a flag"
    And request 2 of the agent shows exit_plan_mode succeeding
    And request 2 is not in plan mode

  @id:review-fork-not-owned @TOOL-04 @REVIEW-07 @needs:fork @needs:restart @needs:questions
  Scenario: a fork resumed after a restart, which no live agent owns, opens the review as usual
    # Fork lineage alone makes no agent owned: a fork is never owned by its origin for being its fork (only a
    # fork of an owned child may keep that child's owner, the host's choice); after a restart ownership is gone.
    Given plan mode is on
    When the agent is forked as the fork
    And the host restarts
    And the model will answer request 1 of the fork by calling exit_plan_mode with the plan "# Move the cache into its own module"
    And the user will answer the review by selecting Approve
    And the user prompts the fork with "Plan the cache move"
    Then the user was asked one plan review, for the fork, showing the plan "# Move the cache into its own module"
    And request 2 of the fork shows exit_plan_mode succeeding
    And request 2 of the fork is not in plan mode
    And get reports plan mode off for the fork, no other mode pending

  @id:review-live-fork-not-owned @TOOL-04 @REVIEW-07 @needs:fork @needs:questions
  Scenario: a fork of a live agent no one owns opens the review as usual while its origin lives
    # Fork lineage alone makes no agent owned: the fork's origin is live and owns nothing, so the fork is no
    # delegated child of it and its exit_plan_mode call in plan mode opens the review like any other agent's.
    Given plan mode is on
    And the user prompts "Survey the cache"
    When the agent is forked as the fork
    And the model will answer request 1 of the fork by calling exit_plan_mode with the plan "# Move the cache into its own module"
    And the user will answer the review by selecting Approve
    And the user prompts the fork with "Plan the cache move"
    Then the user was asked one plan review, for the fork, showing the plan "# Move the cache into its own module"
    And request 2 of the fork shows exit_plan_mode succeeding
    And request 2 of the fork is not in plan mode
    And get reports plan mode off for the fork, no other mode pending
    And get reports plan mode on for the agent

  @id:review-fork-of-owned-child @TOOL-04 @REVIEW-07 @needs:fork @needs:ownedChild @needs:questions
  Scenario: a fork of a live owned child is owned too and refused the review, or its own and reviews as usual
    # Whether a fresh fork keeps its origin's owner is the host's own: the READMEs tie ownership to the running
    # host and say nothing of a fork's, and fork lineage alone makes no agent owned. Whichever the host chose,
    # REVIEW-07 (owned: refused, still in plan mode) or TOOL-04 (its own: one review, approved, plan mode left) holds in full.
    Given the child is a child agent owned by the agent
    And plan mode is on for the child
    When the child is forked as the fork
    And the model will answer request 1 of the fork by calling exit_plan_mode with the plan "# Split the parser into stages"
    And the user will answer the review by selecting Approve
    And the user prompts the fork with "Plan the parser split"
    Then request 2 of the fork shows exit_plan_mode either refused without a review, staying in plan mode, or reviewed with the plan "# Split the parser into stages" and approved, leaving it

  @id:review-owned-child-outside-plan @TOOL-03 @REVIEW-07 @needs:ownedChild @needs:questions
  Scenario: a child owned by a live agent, outside plan mode, fails the call as any agent does and stays out of plan mode
    Given the child is a child agent owned by the agent
    And the model will answer request 1 of the child by calling exit_plan_mode with the plan "# Anything"
    When the user prompts the child with "Plan the importer"
    Then request 2 of the child shows exit_plan_mode failing
    And no plan review was opened
    And request 2 of the child is not in plan mode
    And the log of the child holds the plan/mode events "none"
