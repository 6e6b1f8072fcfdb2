Feature: Leaving plan mode through a reviewed plan
  In plan mode the model explores and designs, then hands its complete plan to
  the tool `exit_plan_mode`. The tool does not let the model leave by itself:
  it puts the plan in front of the user as one review question, and plan mode
  ends only on an exact approval (the single selection `Approve`, nothing
  typed beside it). Anything else keeps plan mode on and reaches the model as
  a failed tool call: a rejection carries the user's feedback, a dismissal
  says the user is taking over so the model should stop and wait, and any
  other failure of the question seam keeps that seam's own message. The plan
  and the review result stay in the conversation like any tool call. The
  wording of every result is the host's own: the kit judges failure or
  success, the texts it chose itself (the user's feedback, a provider's
  error) and that a dismissal reads unlike the other failures.

  @id:review-question @REVIEW-01 @TOOL-04 @needs:questions
  Scenario: the review is one plan-review question carrying the plan unchanged, with Approve beside a keep-planning option
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan:
      """
      # Plan: add audit logging

      1. Add an `audit_log` table (id, actor, action, at).
      2. Write to it from the three mutation handlers.
         - keep the writes in the same transaction
      3. Backfill nothing; old rows stay unaudited.
      """
    And the user will answer the review by selecting the keep-planning option
    When the user prompts "Plan audit logging"
    Then the user was asked exactly one plan review, for the agent, showing the plan:
      """
      # Plan: add audit logging

      1. Add an `audit_log` table (id, actor, action, at).
      2. Write to it from the three mutation handlers.
         - keep the writes in the same transaction
      3. Backfill nothing; old rows stay unaudited.
      """
    And the review declares the plan-review intent and names Approve as approving
    And the review offers Approve beside a keep-planning option

  @id:review-answer @TOOL-04
  Scenario Outline: only the single selection Approve, with nothing typed, leaves plan mode
    Given <reply>
    And plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Add the column. 2. Backfill it."
    When the user prompts "Plan the schema change"
    Then the number of plan reviews the user was asked is <reviews>
    And request 2 shows <result>
    And request 2 is <state> plan mode
    And get reports plan mode <after> with nothing pending
    And the log holds the plan/mode events "<events>"

    @needs:questions @TOOL-05 @REVIEW-03
    Examples: the exact approval
      | case                   | reply                                                                                            | reviews | result                                                                                  | state  | after | events  |
      | approve                | the user will answer the review by selecting Approve                                             | 1       | exit_plan_mode succeeding with the value { approved: true }                             | not in | off   | on, off |

    @needs:questions @REVIEW-03 @REVIEW-04
    Examples: answers that are not consent
      | case                   | reply                                                                                            | reviews | result                                                                                  | state  | after | events  |
      | keep-planning          | the user will answer the review by selecting the keep-planning option                            | 1       | exit_plan_mode failing                                                                  | in     | on    | on      |
      | keep-planning-feedback | the user will answer the review by selecting the keep-planning option with the feedback "Backfill in batches of 1000" | 1 | exit_plan_mode failing with a message containing "Backfill in batches of 1000" | in     | on    | on      |
      | free-text-alone        | the user will answer the review by typing only "What about the index?"                           | 1       | exit_plan_mode failing with a message containing "What about the index?"                | in     | on    | on      |
      | approve-with-text      | the user will answer the review by selecting Approve with the feedback "but keep the old column" | 1       | exit_plan_mode failing with a message containing "but keep the old column"              | in     | on    | on      |
      | two-selections         | the user will answer the review by selecting both Approve and the keep-planning option           | 1       | exit_plan_mode failing                                                                  | in     | on    | on      |
      | no-answer-item         | the user will answer the review with no answer item                                              | 1       | exit_plan_mode failing                                                                  | in     | on    | on      |

    @needs:questions @REVIEW-05
    Examples: the user closes the review to talk instead
      | case                   | reply                                                                                            | reviews | result                                                                                  | state  | after | events  |
      | dismissed              | the user will dismiss the review to talk instead                                                 | 1       | exit_plan_mode failing because the user takes over                                      | in     | on    | on      |

    @needs:questions @REVIEW-06
    Examples: the question seam fails
      | case                   | reply                                                                                            | reviews | result                                                                                  | state  | after | events  |
      | aborted                | the user will abort the review                                                                   | 1       | exit_plan_mode failing with its own non-empty message                                   | in     | on    | on      |
      | provider-error         | the question provider will fail the review with "question service returned 503"                  | 1       | exit_plan_mode failing with a message containing "question service returned 503"        | in     | on    | on      |
      | provider-error-lines   | the question provider will fail the review with "upstream said:\nservice unavailable (503)"      | 1       | exit_plan_mode failing with a message containing "upstream said:\nservice unavailable (503)" | in | on | on      |
      | provider-error-unicode | the question provider will fail the review with "评审服务暂时不可用 — retry ✓"                      | 1       | exit_plan_mode failing with a message containing "评审服务暂时不可用 — retry ✓"              | in     | on    | on      |
      | provider-error-long    | the question provider will fail the review with 'question service returned 503 Service Unavailable after 3 attempts\nresponse body: {"error":{"code":"UNAVAILABLE","message":"The review backend is overloaded; requests are being shed until capacity recovers.","details":[{"region":"eu-west-1","retryAfterSeconds":30,"requestId":"9f1c2a7e-5b3d-4c8e-a1f0-6d2e9b7c4a10"},{"region":"us-east-2","retryAfterSeconds":45,"requestId":"1b8e4d2c-7a9f-4e3b-b5c6-0f2a8d1e9c37"}],"help":"Retry with exponential backoff, or ask your administrator to raise the review service quota for this workspace."}}\ntrace: review-gateway → question-router → plan-review-renderer (timed out after 30000 ms)' | 1 | exit_plan_mode failing with a message containing 'question service returned 503 Service Unavailable after 3 attempts\nresponse body: {"error":{"code":"UNAVAILABLE","message":"The review backend is overloaded; requests are being shed until capacity recovers.","details":[{"region":"eu-west-1","retryAfterSeconds":30,"requestId":"9f1c2a7e-5b3d-4c8e-a1f0-6d2e9b7c4a10"},{"region":"us-east-2","retryAfterSeconds":45,"requestId":"1b8e4d2c-7a9f-4e3b-b5c6-0f2a8d1e9c37"}],"help":"Retry with exponential backoff, or ask your administrator to raise the review service quota for this workspace."}}\ntrace: review-gateway → question-router → plan-review-renderer (timed out after 30000 ms)' | in | on | on |

    @REVIEW-06
    Examples: no question channel composed
      | case                   | reply                                                                                            | reviews | result                                                                                  | state  | after | events  |
      | no-question-channel    | the host is composed without a question channel                                                  | 0       | exit_plan_mode failing with its own non-empty message                                   | in     | on    | on      |

  @id:review-approved @TOOL-05 @needs:questions
  Scenario: an approved plan succeeds and plan mode is off from the very next request on
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Rename the flag, then delete the fallback."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the cleanup"
    And the user prompts "Go ahead"
    Then request 1 is in plan mode
    And request 2 shows exit_plan_mode succeeding with the value { approved: true }
    And request 2 is not in plan mode
    And request 3 is not in plan mode
    And the plan/mode event comes before the header of request 2, which is the first to show it
    And get reports plan mode off with nothing pending

  @id:review-history @TOOL-06 @MX-03 @needs:questions
  Scenario Outline: the plan and the review result stay in the conversation like any tool call
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Split the billing service in two."
    And <reply>
    When the user prompts "Plan the split"
    And the user prompts "Continue"
    Then request 3 still carries the exit_plan_mode call with the plan "# Split the billing service in two." and the result request 2 showed
    And request 3 starts with every message of request 2

    Examples:
      | case     | reply                                                                                         |
      | approved | the user will answer the review by selecting Approve                                          |
      | rejected | the user will answer the review by selecting the keep-planning option with the feedback "Keep invoices together" |

  @id:review-intent-or-generic @REVIEW-02 @LIM-02 @needs:questions
  Scenario Outline: the answer reads the same whether the UI renders the plan-review intent or not
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Cache the lookups for five minutes."
    And <ui>
    When the user prompts "Plan the cache"
    Then request 2 shows exit_plan_mode succeeding with the value { approved: true }
    And request 2 is not in plan mode
    And get reports plan mode off with nothing pending

    Examples:
      | case         | ui                                                                                    |
      | intent-aware | the user will answer the review by selecting the label the question names as approving |
      | generic-ui   | a generic question UI will answer the review by selecting the option labelled "Approve" |

  @id:review-failures-differ @REVIEW-04 @REVIEW-05 @REVIEW-06 @needs:questions
  Scenario: a rejection, a dismissal, an abort and a provider error each tell the model something different
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Plan A"
    And the model will answer request 2 by calling exit_plan_mode with the plan "# Plan B"
    And the model will answer request 3 by calling exit_plan_mode with the plan "# Plan C"
    And the model will answer request 4 by calling exit_plan_mode with the plan "# Plan D"
    And the user will answer the review by selecting the keep-planning option
    And the user will dismiss the review to talk instead
    And the user will abort the review
    And the question provider will fail the review with "review service timed out"
    When the user prompts "Plan the release"
    Then the user was asked 4 plan reviews
    And request 5 shows 4 failed exit_plan_mode results, the dismissal (result 2) unlike every other
    And request 5 is in plan mode
    And the log holds the plan/mode events "on"

  @id:review-revise-and-resubmit @TOOL-04 @REVIEW-04 @needs:questions
  Scenario: a rejected plan can be revised and submitted again, and only the approval leaves plan mode
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Drop the legacy endpoint."
    And the model will answer request 2 by calling exit_plan_mode with the plan "# Deprecate the legacy endpoint, drop it next release."
    And the user will answer the review by selecting the keep-planning option with the feedback "Clients still call it"
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the endpoint removal"
    Then the user was asked 2 plan reviews
    And request 2 shows exit_plan_mode failing with a message containing "Clients still call it"
    And request 2 is in plan mode
    And request 3 shows exit_plan_mode succeeding
    And request 3 is not in plan mode
    And the log holds the plan/mode events "on, off"

  @id:review-dismissed-user-talks @REVIEW-05 @needs:questions
  Scenario: after a dismissed review plan mode is still on for the message the user sends instead
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Rewrite the scheduler."
    And the user will dismiss the review to talk instead
    When the user prompts "Plan the scheduler work"
    And the user prompts "Before that: which jobs are time-critical?"
    Then request 2 shows exit_plan_mode failing because the user takes over
    And request 3 is in plan mode
    And request 3 ends with the user message "Before that: which jobs are time-critical?"
    And get reports plan mode on with nothing pending

  @id:review-any-plan-text @TOOL-01 @TOOL-04 @needs:questions
  Scenario: prose without a Markdown heading is either reviewed unchanged or refused without a review
    # The seed leaves open whether a host refuses a plan it considers malformed.
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "Split the nightly import into two passes, then drop the old table."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the import"
    Then request 2 shows the plan "Split the nightly import into two passes, then drop the old table." reviewed unchanged, or refused without a review

  @id:review-no-feedback-invented @REVIEW-04 @needs:questions
  Scenario Outline: an answer that is not consent and carries no text reaches the model without invented feedback: <case>
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# Batch the writes."
    And <reply>
    When the user prompts "Plan the writes"
    Then request 2 shows exit_plan_mode failing
    And request 2 is in plan mode
    And get reports plan mode on with nothing pending

    Examples:
      | case           | reply                                                                                  |
      | keep-planning  | the user will answer the review by selecting the keep-planning option                  |
      | two-selections | the user will answer the review by selecting both Approve and the keep-planning option |
      | no-answer-item | the user will answer the review with no answer item                                    |

  @id:review-long-plan @TOOL-04 @needs:questions
  Scenario Outline: a plan of <size> reaches the review whole
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with a plan of <length> characters
    And the user will answer the review by selecting the keep-planning option
    When the user prompts "Plan the client move"
    Then the user was asked exactly one plan review, for the agent, showing that plan
    And request 2 shows exit_plan_mode failing

    Examples:
      | size              | length |
      | twelve-kilobytes  | 12000  |
      | forty-kilobytes   | 40000  |
