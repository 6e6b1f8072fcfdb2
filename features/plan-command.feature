Feature: The /plan command
  A person at the keyboard switches plan mode with one command: `/plan` enters
  it, `/plan <message>` enters it and sends the message as an ordinary user
  message of the next step (already under plan guidance), and `/plan off`
  leaves it. Only the argument `off`, after trimming, means leaving; `Off` or
  `off now` are messages. The command itself is a control for the person, not
  input for the model: command lines and their results never reach the
  model's history, and a command without a message costs the model nothing.
  Typed while the model is working, `/plan` waits for the next request, and a
  `/plan off` before that request withdraws the entry as if it never happened.

  @id:cmd-argument @CMD-01 @MX-02 @needs:commands
  Scenario Outline: /plan reads its argument as nothing, exactly "off" after trimming, or a message
    Given plan mode starts <before>
    When the user types the command <line>
    Then the command succeeded
    And get reports plan mode <after> with nothing pending
    And the log holds the plan/mode events "<events>"
    And the model received <sends>

    @CMD-02
    Examples: no argument, or only white space
      | case        | line                              | before | after | events  | sends                                                       |
      | bare        | "/plan"                           | off    | on    | on      | nothing                                                     |
      | blank       | "/plan     "                      | off    | on    | on      | nothing                                                     |

    @CMD-04
    Examples: exactly "off" after trimming
      | case        | line                              | before | after | events  | sends                                                       |
      | off         | "/plan off"                       | on     | off   | on, off | nothing                                                     |
      | padded-off  | "/plan    off   "                 | on     | off   | on, off | nothing                                                     |

    @CMD-03
    Examples: a message
      | case        | line                              | before | after | events  | sends                                                       |
      | message     | "/plan   draft the migration   "  | off    | on    | on      | the user message "draft the migration" under plan guidance  |

    @CMD-03 @CMD-04
    Examples: almost "off" is still a message
      | case        | line                              | before | after | events  | sends                                                       |
      | capital-off | "/plan Off"                       | off    | on    | on      | the user message "Off" under plan guidance                  |
      | off-now     | "/plan off now"                   | off    | on    | on      | the user message "off now" under plan guidance              |

  @id:cmd-message-mid-turn @CMD-03 @MX-02 @needs:commands
  Scenario: /plan with a message mid-turn selects plan mode first, then joins the next step as one user message
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan   sketch the rollback first  "
    When the user prompts "Migrate the users table"
    Then request 1 is not in plan mode
    And request 2 is in plan mode
    And the only user text request 2 adds is "sketch the rollback first"
    And the plan/mode event comes before the header of request 2, which is the first to show it
    And the log holds the user message "sketch the rollback first" once
    And the command succeeded
    When the user prompts "Go on"
    Then request 3 is in plan mode
    And the only user text request 3 adds is "Go on"
    And the log holds the plan/mode events "on"

  @id:cmd-two-messages-mid-turn @CMD-03 @needs:commands
  Scenario: two /plan messages typed while the model handles one request both join the next step, each once
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan first, check the indexes"
    And while the model handles request 1, the user types the command "/plan then sketch the rollback"
    When the user prompts "Migrate the users table"
    Then request 2 is in plan mode
    And request 2 of the agent adds the user texts "first, check the indexes | then sketch the rollback"
    And the log holds the user message "first, check the indexes" once
    And the log holds the user message "then sketch the rollback" once

  # Whether the message keeps the turn going or waits for the next turn is left open: either way request 2 is
  # the first to carry it, ahead of the next prompt when it waited for that prompt's turn.
  @id:cmd-message-after-last-answer @CMD-03 @needs:commands
  Scenario: a message steered while the model gives its final answer reaches the next request under plan guidance
    Given while the model handles request 1, the user types the command "/plan what about the foreign keys?"
    When the user prompts "Migrate the users table"
    And the user prompts "Go on"
    Then request 2 is the first to carry the steered message "what about the foreign keys?", under plan guidance, ahead of any later prompt
    And the log holds the user message "what about the foreign keys?" once

  @id:cmd-bare-mid-turn @CMD-02 @MX-02 @needs:commands
  Scenario: bare /plan mid-turn changes the next request's guidance and adds no user text
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    Then the agent made 2 model requests
    And request 1 is not in plan mode
    And request 2 is in plan mode
    And request 2 adds no user text

  @id:cmd-off-mid-turn @CMD-04 @MX-02 @needs:commands
  Scenario: /plan off mid-turn leaves plan mode at the next request and sends nothing
    Given plan mode is on
    And the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan off"
    When the user prompts "Look around"
    Then request 1 is in plan mode
    And request 2 is not in plan mode
    And request 2 adds no user text
    And the log holds the plan/mode events "on, off"
    And the command succeeded

  @id:cmd-off-cancels-command-entry @CMD-05 @needs:commands
  Scenario: /plan off withdraws a /plan entry that no request has seen yet
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 1, the user types the command "/plan off"
    When the user prompts "Look around"
    Then request 2 is not in plan mode
    And the log holds no plan/mode event
    And the log holds no notice
    And no request carries a notice
    And get reports plan mode off with nothing pending
    And the 2 command results are successes

  @id:cmd-off-cancels-service-entry @CMD-05 @needs:commands
  Scenario: /plan off withdraws an entry selected through the service mid-turn
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 1, the user types the command "/plan off"
    When the user prompts "Look around"
    Then the set results were "queued"
    And the command succeeded
    And request 2 is not in plan mode
    And the log holds no plan/mode event
    And no request carries a notice

  @id:cmd-off-cancels-after-turn @CMD-05 @needs:commands
  Scenario: /plan off withdraws an entry still pending after the turn closed
    Given while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    Then get reports plan mode off with plan mode on pending
    When the user types the command "/plan off"
    Then the command succeeded
    And get reports plan mode off with nothing pending but the withdrawn selection
    When the user prompts "Carry on"
    Then request 2 is not in plan mode
    And the log holds no plan/mode event
    And no request carries a notice

  @id:cmd-message-on-retry @CMD-03 @SET-06 @needs:commands @needs:retry @edition:seed
  Scenario: a /plan message typed while a request fails joins the retry, which runs under plan guidance
    Given the model will answer request 1 with a retryable failure
    And while the model handles request 1, the user types the command "/plan  outline the steps "
    When the user prompts "Refactor the parser"
    Then request 1 is not in plan mode
    And request 2 is in plan mode
    And the only user text request 2 adds is "outline the steps"

  @id:cmd-message-one-text-block @CMD-03 @edition:seed @edition:0.0.1-rc.1 @needs:commands
  Scenario: in the seed and 0.0.1-rc.1 editions /plan takes no images: its message is one user text block, the trimmed text and nothing else
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan   weigh both designs  "
    When the user prompts "Look around"
    Then the command succeeded
    And request 2 is in plan mode
    And request 2 adds one user message holding only the text "weigh both designs"

  @id:cmd-message-costs-like-sending-it @MX-02 @CMD-03 @needs:commands
  Scenario: /plan with a message adds exactly what sending that message alone would add
    Given plan mode is on for agent "B"
    When the user types the command "/plan   Map the modules first  "
    And the user prompts agent "B" with "Map the modules first"
    Then request 1 of the agent has exactly the messages of request 1 of agent "B"
    And request 1 of agent "B" is in plan mode

  @id:cmd-lines-stay-out-of-history @CMD-06 @needs:commands
  Scenario: command lines and their results never reach the model
    Given the model will answer request 2 by calling the probe tool
    And while the model handles request 2, the user types the command "/plan   keep it small "
    And while the model handles request 3, the user types the command "/plan off"
    When the user types the command "/plan"
    And the user prompts "Plan the cache"
    And the user prompts "Now the eviction policy"
    And the user types the command "/plan off"
    And the user prompts "Thanks"
    Then no request shows a command line or a command result

  @id:cmd-result-texts @CMD-07 @needs:commands
  Scenario: every /plan outcome is a success
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 1, the user types the command "/plan off"
    # already inactive, entered, left
    When the user types the command "/plan off"
    And the user types the command "/plan"
    And the user types the command "/plan off"
    # queued for the next step, then the entry cancelled
    And the user prompts "Look around"
    Then the 5 command results are successes

  @id:cmd-result-texts-distinct @CMD-08 @needs:commands
  Scenario: /plan results reporting different outcomes differ
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 1, the user types the command "/plan off"
    # already inactive, entered, left
    When the user types the command "/plan off"
    And the user types the command "/plan"
    And the user types the command "/plan off"
    # queued for the next step, then the entry cancelled
    And the user prompts "Look around"
    Then the 5 command results have 5 different texts

  @id:cmd-result-texts-already @CMD-08 @needs:commands
  Scenario: /plan when plan mode is already on reads unlike entering it, and /plan off when already off unlike leaving
    When the user types the command "/plan"
    And the user types the command "/plan"
    And the user types the command "/plan off"
    And the user types the command "/plan off"
    Then the results of commands 1 and 2 differ
    And the results of commands 3 and 4 differ

  @id:cmd-no-registry @CMD-01
  Scenario: a host without a command registry still selects, guides and leaves plan mode
    Given the host is composed without a command registry
    And plan mode is on
    And the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user turns plan mode off
    When the user prompts "Look around"
    Then request 1 is in plan mode
    And request 2 is not in plan mode
    And the log holds the plan/mode events "on, off"
    And get reports plan mode off with nothing pending

  @id:cmd-result-texts-entry-waiting @CMD-08 @needs:commands
  Scenario: /plan typed while the entry waits does not report plan mode as already in force
    Given the model will answer request 1 by calling the probe tool
    # queued for the next step, then typed again while it still waits
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    Then request 1 is not in plan mode
    And request 2 is in plan mode
    # plan mode is in force now, nothing waits
    When the user types the command "/plan"
    Then get reports plan mode on with nothing pending
    And the results of commands 1 and 3 differ
    And the results of commands 2 and 3 differ

  @id:cmd-result-texts-exit-waiting @CMD-08 @needs:commands
  Scenario: /plan off typed while the exit waits, and /plan withdrawing that exit, each say what happened
    Given plan mode starts on
    And the model will answer request 1 by calling the probe tool
    And the model will answer request 2 by calling the probe tool
    # the exit queued, /plan off again while it waits, then /plan withdraws it
    And while the model handles request 1, the user types the command "/plan off"
    And while the model handles request 1, the user types the command "/plan off"
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 2, the user types the command "/plan off"
    When the user prompts "Look around"
    Then request 2 is in plan mode
    And request 3 is not in plan mode
    # plan mode is inactive now, nothing waits
    When the user types the command "/plan off"
    Then get reports plan mode off with nothing pending
    And the results of commands 1 and 3 differ
    And the results of commands 2 and 5 differ
