@edition:rc.8 @needs:commands
Feature: Images attached to /plan (rc.8 edition)
  In the rc.8 edition the `/plan` command declares image input. The images a
  person attaches in the composer ride the steered message ahead of its text,
  in the order attached, so `/plan <message>` with images costs what
  submitting the same images and text as a prompt costs. Bare `/plan` with
  images steers a message holding only the images. `/plan off` with images is
  refused with an error before it changes anything, so the composer keeps
  them: nothing is selected or cancelled, nothing is logged for the mode, and
  the projection shows no pending exit. Images are compared by kind, order,
  media type and bytes; the user's text exactly, as typed and trimmed.

  @id:cmd-images-message @CMD-03 @CMD-07
  Scenario Outline: /plan with a message and images selects plan mode, then steers one message: the images first, then the trimmed text
    Given plan mode starts off
    When the user types the command <line> with the images <images>
    Then the command succeeded
    And get reports plan mode on with nothing pending
    And the log holds the plan/mode events "on"
    And the model received one user message holding the images <images> and then the text <text>, under plan guidance

    Examples:
      | case              | line                             | images             | text                  |
      | one-image         | "/plan   compare the layouts  " | "red"              | "compare the layouts" |
      | attached-order    | "/plan compare the layouts"      | "blue, red, green" | "compare the layouts" |
      | capital-off       | "/plan Off"                      | "red, blue"        | "Off"                 |
      | off-now           | "/plan off now"                  | "green"            | "off now"             |
      | same-image-twice  | "/plan compare them"             | "red, red"         | "compare them"        |
      | repeated-apart    | "/plan compare them"             | "red, blue, red"   | "compare them"        |
      | many-images       | "/plan compare them all"         | "red, blue, green, blue, red, green" | "compare them all" |

  @id:cmd-images-message-mid-turn @CMD-03 @MX-02
  Scenario: /plan with a message and images mid-turn joins the next step as one message under plan guidance
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan  sketch the rollback first " with the images "green, red"
    When the user prompts "Migrate the users table"
    Then request 1 is not in plan mode
    And request 2 is in plan mode
    And request 2 adds one user message holding the images "green, red" and then the text "sketch the rollback first"
    And the plan/mode event comes before the header of request 2, which is the first to show it
    And the command succeeded

  @id:cmd-images-bare @CMD-09 @CMD-07
  Scenario Outline: bare /plan with images selects plan mode and steers one message holding only the images
    Given plan mode starts <before>
    When the user types the command <line> with the images <images>
    Then the command succeeded
    And get reports plan mode on with nothing pending
    And the log holds the plan/mode events "on"
    And the model received one user message holding only the images <images>, under plan guidance

    Examples:
      | case           | line        | images             | before |
      | bare           | "/plan"     | "red"              | off    |
      | attached-order | "/plan"     | "green, blue, red" | off    |
      | blank          | "/plan    " | "blue, green"      | off    |
      | already-on     | "/plan"     | "red, green"       | on     |
      | same-twice     | "/plan"     | "green, green"     | off    |
      | many           | "/plan"     | "blue, red, green, green, red, blue" | off |

  @id:cmd-images-bare-mid-turn @CMD-09 @MX-02
  Scenario: bare /plan with images mid-turn adds the image-only message to the next step, under plan guidance
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan" with the images "blue, red"
    When the user prompts "Look around"
    Then request 1 is not in plan mode
    And request 2 is in plan mode
    And request 2 adds one user message holding only the images "blue, red"
    And the command succeeded

  @id:cmd-images-off-refused @CMD-10 @CMD-07 @MX-02
  Scenario Outline: /plan off with images is an error that leaves plan mode and the log as they were
    Given plan mode starts on
    When the user types the command <line> with the images <images>
    Then the command failed
    And get reports plan mode on with nothing pending
    And the log holds the plan/mode events "on"
    And the log holds no notice
    And the model received nothing

    Examples:
      | case       | line               | images       |
      | off        | "/plan off"        | "red"        |
      | padded-off | "/plan    off   "  | "blue, red"  |

  @id:cmd-images-off-refused-mid-turn @CMD-10 @CMD-07
  Scenario: /plan off with images mid-turn leaves plan mode on at the next request and adds no notice
    Given plan mode is on
    And the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan off" with the images "green"
    When the user prompts "Look around"
    Then request 1 is in plan mode
    And request 2 is in plan mode
    And request 2 adds no notice
    And the log holds the plan/mode events "on"
    And get reports plan mode on with nothing pending
    And the command failed

  @id:cmd-images-off-keeps-pending-entry @CMD-10 @CMD-05 @CMD-07
  Scenario: /plan off with images does not cancel a pending entry, which still reaches the next request
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 1, the user types the command "/plan off" with the images "red"
    And while the model handles request 1, get reports plan mode off with plan mode on pending
    When the user prompts "Look around"
    Then request 1 is not in plan mode
    And request 2 is in plan mode
    And the log holds the plan/mode events "on"
    And the command results were "success, error"

  @id:cmd-images-off-after-turn @CMD-10 @CMD-05
  Scenario: /plan off with images leaves an entry pending after the turn as it was, and /plan off without them withdraws it
    Given while the model handles request 1, the user types the command "/plan"
    When the user prompts "Look around"
    And the user types the command "/plan off" with the images "blue"
    Then the command failed
    And get reports plan mode off with plan mode on pending
    When the user types the command "/plan off"
    Then the command succeeded
    And get reports plan mode off with nothing pending but the withdrawn selection
    When the user prompts "Carry on"
    Then request 2 is not in plan mode
    And the log holds no plan/mode event
    And no request carries a notice

  @id:cmd-images-off-no-pending-exit @CMD-10 @PROJ-05 @needs:projections
  Scenario: /plan off with images leaves no pending exit in the projection, which agrees with get
    Given plan mode starts on
    When the user types the command "/plan off" with the images "red"
    Then the command failed
    And the projection shows plan mode on with nothing pending
    And the projection agrees with get

  # CMD-10 keeps the entry (nothing cancelled); that the projection still shows it is PROJ-03/05 (rc.8).
  @id:cmd-images-off-projection-keeps-entry @PROJ-03 @PROJ-05 @needs:projections
  Scenario: /plan off with images leaves a pending entry pending in the projection, as get still reports it
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan"
    And while the model handles request 1, the user types the command "/plan off" with the images "blue"
    And while the model handles request 1, the projection shows plan mode off with a selection pending
    And while the model handles request 1, the projection agrees with get
    When the user prompts "Look around"
    Then request 2 is in plan mode
    And the projection shows plan mode on with nothing pending

  @id:cmd-images-cost-like-a-prompt @MX-02 @CMD-03
  Scenario: /plan with a message and images adds exactly what submitting the same images and text as a prompt adds
    Given plan mode is on for agent "B"
    When the user types the command "/plan   Compare the two layouts  " with the images "red, green"
    And the user prompts agent "B" with "Compare the two layouts" and the images "red, green"
    Then request 1 of the agent has exactly the messages of request 1 of agent "B"
    And request 1 of agent "B" is in plan mode

  @id:cmd-images-stay-out-of-history @CMD-06
  Scenario: command lines sent with images never reach the model, only the images and the message do
    Given the model will answer request 1 by calling the probe tool
    And while the model handles request 1, the user types the command "/plan  keep it small " with the images "blue"
    When the user types the command "/plan" with the images "red"
    And the user prompts "Now the eviction policy"
    And the user types the command "/plan off" with the images "green"
    Then no request shows a command line or a command result
