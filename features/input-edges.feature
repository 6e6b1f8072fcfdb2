Feature: Every input at its edges
  The spec defines three inputs a person controls: the deployment's plan-mode
  configuration, the argument of `/plan`, and the answer to a plan review.
  Each must be read exactly as the spec says at its edges too: a section of
  any other YAML kind is refused, and a string section reaches the model byte
  for byte, trailing white space and any script included; a `/plan` argument
  is trimmed of every kind of surrounding white space, and only `off` itself
  leaves plan mode; a review approves only on the single selection `Approve`,
  spelled exactly as offered. Where the seed leaves the verdict open (an
  empty free text next to `Approve`), either verdict passes.
  Command lines and messages below write ⇥ for a tab, ↵ for a line break and
  ⟨U+hex⟩ for the character of that code point (⟨U+3000⟩ is the ideographic
  space). Trimmed means exactly what JavaScript's `String.prototype.trim`
  removes (docs/clauses.md, Terms); nothing else of a text changes: no
  normalization, no invisible character removed, no line break changed.

  Rule: a section that is not a non-blank string is refused, whatever YAML kind it is

    @id:edge-config-kinds-refused @CFG-01
    Scenario Outline: a deployment whose plan-mode config is <case> makes the host refuse to start
      Given the deployment is:
        """yaml
        - id: plan-mode
          name: '@deepseek-ai/dsh-plan-mode'
          config: <config>
        """
      When the host starts
      Then the host refuses to start

      Examples:
        | case                  | config                                          |
        | a-null-section        | { section: null }                               |
        | a-tilde-section       | { section: ~ }                                  |
        | a-list-section        | { section: [Plan first., Then act.] }           |
        | a-mapping-section     | { section: { text: Plan first. } }              |
        | a-boolean-section     | { section: true }                               |
        | a-float-section       | { section: 4.5 }                                |
        | a-list-config         | [ section, Plan first. ]                        |
        | a-string-config       | "section: Plan first."                           |
        | a-number-config       | 7                                               |

  Rule: a string section reaches the model exactly as written

    @id:edge-config-text-kept @CFG-03 @POLICY-01
    Scenario Outline: a section with <case> reaches the model byte for byte
      Given the deployment is:
        """yaml
        - id: plan-mode
          name: '@deepseek-ai/dsh-plan-mode'
          config:
            section: <section>
        """
      When the host starts
      Then the host started
      When the user prompts "Hello"
      And the user turns plan mode on
      And the user prompts "Plan the importer"
      Then request 2 carries the deployment's section exactly as written, where request 1 had none

      Examples:
        | case                      | section                                                     |
        | trailing-spaces-on-lines  | "Plan first.   \\nThen act.\t\\nDone.  "                     |
        | leading-indentation       | "  Indented first line.\\n\tTabbed second line."            |
        | unicode                   | "计划模式：先探索，再设计。 Ünïcödé ✓ 🚧"                      |
        | carriage-returns          | "Plan first.\r\\nThen act.\r\\n"                            |
        | quotes-and-backslashes    | "Say \"plan\" \\\\ not 'act'."                              |
        | combining-accents-nfd     | "Re\\u0301sume\\u0301: explore first, then cafe\\u0301."         |
        | precomposed-nfc           | "R\\u00e9sum\\u00e9: explore first."                             |
        | invisible-characters      | "\\u200bPlan\\u200d first\\u2060.\\u202eTI\\u202c \\ufeff\\u200e\\u200f\\u2066x\\u2069\\u034f\\ufe0f" |
        | unicode-line-breaks       | "Plan first.\\u2028Then act.\\u2029Done.\\u0085End." |
        | astral-and-zwj-emoji      | "Plan 🚧 then 👩\\u200d👩\\u200d👧 act 𝒜."                       |
        | lone-carriage-return      | "Plan first.\\rThen act."                                 |

  Rule: a /plan argument that is exactly off after trimming any white space leaves plan mode

    @id:edge-plan-off-white-space @CMD-04 @PROJ-05 @needs:commands @needs:projections
    Scenario Outline: "<line>" leaves plan mode and sends nothing
      Given plan mode starts on
      When the user types the command "<line>", reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character
      Then the command succeeded
      And get reports plan mode off with nothing pending
      And the log holds the plan/mode events "on, off"
      And the projection agrees with get
      And the model received nothing

      Examples:
        | case              | line               |
        | tab-before        | /plan⇥off          |
        | several-spaces    | /plan     off      |
        | line-break-after  | /plan off↵         |
        | tabs-and-breaks   | /plan ⇥↵off⇥↵      |
        | trailing-tab      | /plan off⇥         |
        | ideographic-space | /plan off⟨U+3000⟩  |
        | no-break-space    | /plan ⟨U+00A0⟩off⟨U+00A0⟩ |
        | en-quad-and-thin  | /plan ⟨U+2000⟩off⟨U+2009⟩⟨U+200A⟩ |
        | narrow-and-math   | /plan ⟨U+202F⟩off⟨U+205F⟩ |
        | ogham-space       | /plan ⟨U+1680⟩off⟨U+1680⟩ |
        | unicode-breaks    | /plan ⟨U+2028⟩off⟨U+2029⟩ |
        | cr-vt-ff          | /plan ⟨U+000D⟩⟨U+000B⟩off⟨U+000C⟩⟨U+000D⟩↵ |
        | byte-order-mark   | /plan ⟨U+FEFF⟩off⟨U+FEFF⟩ |

    # The projection reads a /plan line's argument on its own (PROJ-02: off after trimming means inactive). Above, the
    # plan/mode event the line commits clears whatever target the projection read; here plan mode is already off, so no
    # event follows the line, and a projection that trims less than the command does shows an entry pending.
    @id:edge-plan-off-white-space-already-off @CMD-04 @PROJ-02 @PROJ-05 @needs:commands @needs:projections
    Scenario Outline: "<line>" while plan mode is off changes nothing, and the projection shows nothing pending
      When the user types the command "<line>", reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character
      Then the command succeeded
      And get reports plan mode off with nothing pending
      And the log holds no plan/mode event
      And the projection shows plan mode off with nothing pending
      And the projection agrees with get
      And the model received nothing

      Examples:
        | case              | line               |
        | ideographic-space | /plan off⟨U+3000⟩  |
        | no-break-space    | /plan ⟨U+00A0⟩off⟨U+00A0⟩ |
        | en-quad-and-thin  | /plan ⟨U+2000⟩off⟨U+2009⟩⟨U+200A⟩ |
        | narrow-and-math   | /plan ⟨U+202F⟩off⟨U+205F⟩ |
        | ogham-space       | /plan ⟨U+1680⟩off⟨U+1680⟩ |
        | unicode-breaks    | /plan ⟨U+2028⟩off⟨U+2029⟩ |
        | cr-vt-ff          | /plan off⟨U+000B⟩⟨U+000C⟩⟨U+000D⟩↵ |
        | byte-order-mark   | /plan ⟨U+FEFF⟩off⟨U+FEFF⟩ |

  Rule: every other argument is a message, trimmed of surrounding white space and sent under plan guidance

    @id:edge-plan-message-white-space @CMD-03 @CMD-04 @PROJ-05 @needs:commands @needs:projections
    Scenario Outline: "<line>" enters plan mode and sends "<message>"
      When the user types the command "<line>", reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character
      Then the command succeeded
      And the first request carries just the user message "<message>" in plan mode, reading ⇥, ↵ and ⟨U+hex⟩ the same way
      And get reports plan mode on with nothing pending
      And the log holds the plan/mode events "on"
      And the projection agrees with get

      Examples:
        | case                  | line                        | message                |
        | word-starting-off     | /plan offload the cache     | offload the cache      |
        | one-word-starting-off | /plan offline               | offline                |
        | off-hyphenated        | /plan off-by-one check      | off-by-one check       |
        | off-tab-word          | /plan off⇥now               | off⇥now                |
        | off-line-break-word   | /plan off↵now               | off↵now                |
        | upper-case-off        | /plan OFF                   | OFF                    |
        | spaces-inside-kept    | /plan   look   around       | look   around          |
        | tab-padded            | /plan⇥⇥Sketch it⇥           | Sketch it              |
        | line-breaks-inside    | /plan first line↵second↵    | first line↵second      |
        | off-next-line         | /plan off⟨U+0085⟩           | off⟨U+0085⟩            |
        | off-mongolian-sep     | /plan off⟨U+180E⟩           | off⟨U+180E⟩            |
        | off-zero-width-space  | /plan ⟨U+200B⟩off           | ⟨U+200B⟩off            |
        | off-word-joiner       | /plan off⟨U+2060⟩⟨U+3000⟩   | off⟨U+2060⟩            |
        | off-fullwidth         | /plan ⟨U+FF4F⟩⟨U+FF46⟩⟨U+FF46⟩ | ⟨U+FF4F⟩⟨U+FF46⟩⟨U+FF46⟩ |
        | off-ff-ligature       | /plan o⟨U+FB00⟩             | o⟨U+FB00⟩              |
        | off-math-bold         | /plan ⟨U+1D428⟩⟨U+1D41F⟩⟨U+1D41F⟩ | ⟨U+1D428⟩⟨U+1D41F⟩⟨U+1D41F⟩ |
        | off-modifier-letters  | /plan ⟨U+1D52⟩⟨U+1DA0⟩⟨U+1DA0⟩ | ⟨U+1D52⟩⟨U+1DA0⟩⟨U+1DA0⟩ |
        | off-cyrillic-o        | /plan ⟨U+043E⟩ff            | ⟨U+043E⟩ff             |
        | ideographic-padded    | /plan ⟨U+3000⟩计划⟨U+3000⟩一下⟨U+3000⟩ | 计划⟨U+3000⟩一下 |
        | crlf-and-u2028-inside | /plan one⟨U+000D⟩↵two⟨U+2028⟩three⟨U+000D⟩four | one⟨U+000D⟩↵two⟨U+2028⟩three⟨U+000D⟩four |
        | nfd-kept              | /plan cafe⟨U+0301⟩          | cafe⟨U+0301⟩           |
        | bidi-and-zwj-kept     | /plan ⟨U+202E⟩abc⟨U+202C⟩ 👩⟨U+200D⟩💻 | ⟨U+202E⟩abc⟨U+202C⟩ 👩⟨U+200D⟩💻 |
        | off-double-quoted     | /plan \"off\"               | \"off\"                |
        | off-single-quoted     | /plan 'off'                 | 'off'                  |
        | message-quoted        | /plan ⟨U+3000⟩\"look around\" | \"look around\"      |

  Rule: the review carries the plan exactly as submitted: surrounding white space, line breaks and markup all

    @id:edge-review-plan-white-space @TOOL-04 @needs:questions
    Scenario Outline: a plan with <case> reaches the review byte for byte
      Given plan mode is on
      And the model will answer request 1 by calling exit_plan_mode with the plan "<plan>", reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character
      And the user will answer the review by selecting Approve
      When the user prompts "Plan the index"
      Then request 2 shows the plan "<plan>" reviewed byte for byte, or refused without a review, reading ⇥, ↵ and ⟨U+hex⟩ the same way

      Examples:
        | case                 | plan                                       |
        | leading-line-breaks  | ↵↵# Add the index↵1. Backfill.             |
        | trailing-line-breaks | # Add the index↵1. Backfill.↵↵             |
        | both-ends-mixed      | ⇥↵ ⇥# Add the index↵1. Backfill.↵  ⇥↵⇥     |
        | indented-heading     | ⇥  # Add the index                         |
        | leading-bom-and-nbsp | ⟨U+FEFF⟩⟨U+00A0⟩# Add the index↵1. Backfill. |
        | crlf-and-lone-cr     | # Add the index⟨U+000D⟩↵1. Backfill.⟨U+000D⟩2. Swap. |
        | html-comment         | # Add the index↵<!-- ask about the lock first -->↵1. Backfill. |

  Rule: review feedback reaches the model byte for byte, over several lines and in any script

    @id:edge-review-feedback-kept @REVIEW-04 @needs:questions
    Scenario Outline: feedback with <case> reaches the model unchanged within the failure
      Given plan mode is on
      And the model will answer request 1 by calling exit_plan_mode with the plan "# Add the index, then backfill."
      And <answer> "<feedback>", reading ⇥ as a tab, ↵ as a line break and ⟨U+hex⟩ as that character
      When the user prompts "Plan the index"
      Then request 2 shows exit_plan_mode failing with a message containing "<feedback>", reading ⇥, ↵ and ⟨U+hex⟩ as that character
      And request 2 is in plan mode
      And get reports plan mode on with nothing pending

      Examples:
        | case                  | answer                                                                        | feedback                                           |
        | two-lines             | the user will answer the review by selecting the keep-planning option with the feedback | Backfill first.↵Then add the index.        |
        | blank-line-between    | the user will answer the review by selecting the keep-planning option with the feedback | 1. Backfill.↵↵2. Index.↵⇥- keep the lock short |
        | crlf-and-lone-cr      | the user will answer the review by selecting the keep-planning option with the feedback | Backfill.⟨U+000D⟩↵Index.⟨U+000D⟩Done.      |
        | unicode-line-breaks   | the user will answer the review by selecting the keep-planning option with the feedback | 先回填⟨U+2028⟩再建索引⟨U+2029⟩好吗？            |
        | nfd-and-invisible     | the user will answer the review by selecting the keep-planning option with the feedback | Re⟨U+0301⟩sume⟨U+200B⟩ here⟨U+2060⟩, ⟨U+202E⟩not⟨U+202C⟩ 👩⟨U+200D⟩💻 |
        | typed-only-two-lines  | the user will answer the review by typing only                                | Not yet.↵Split the migration in two.               |
        | padded                | the user will answer the review by selecting the keep-planning option with the feedback | ⇥ Backfill first. ⟨U+3000⟩↵              |

  Rule: only the single selection Approve, exactly as offered, is consent

    @id:edge-review-labels-not-offered @REVIEW-03 @REVIEW-04 @TOOL-04 @needs:questions
    Scenario Outline: selecting <case> is not consent
      Given plan mode is on
      And the model will answer request 1 by calling exit_plan_mode with the plan "# Add the index, then backfill."
      And <reply>
      When the user prompts "Plan the index"
      Then the number of plan reviews the user was asked is 1
      And request 2 shows exit_plan_mode failing
      And request 2 is in plan mode
      And get reports plan mode on with nothing pending
      And the log holds the plan/mode events "on"

      Examples:
        | case                     | reply                                                                                                  |
        | approve-lower-case       | the user will answer the review by selecting exactly the labels "[\"approve\"]"                        |
        | approve-upper-case       | the user will answer the review by selecting exactly the labels "[\"APPROVE\"]"                        |
        | approve-padded-left      | the user will answer the review by selecting exactly the labels "[\" Approve\"]"                       |
        | approve-padded-right     | the user will answer the review by selecting exactly the labels "[\"Approve \"]"                       |
        | approve-repeated         | the user will answer the review by selecting exactly the labels "[\"Approve\", \"Approve\"]"           |
        | a-label-never-offered    | the user will answer the review by selecting exactly the labels "[\"Yes\"]"                            |
        | an-empty-label           | the user will answer the review by selecting exactly the labels "[\"\"]"                               |
        | approve-then-keep-items  | the user will answer the review with the answer items "[{\"selected\":[\"Approve\"]},{\"selected\":[\"KEEP-PLANNING\"]}]" |
        | keep-then-approve-items  | the user will answer the review with the answer items "[{\"selected\":[\"KEEP-PLANNING\"]},{\"selected\":[\"Approve\"]}]" |
        | approve-in-two-items     | the user will answer the review with the answer items "[{\"selected\":[\"Approve\"]},{\"selected\":[\"Approve\"]}]" |
        | approve-then-text-items  | the user will answer the review with the answer items "[{\"selected\":[\"Approve\"]},{\"selected\":[],\"freeText\":\"later\"}]" |
        | approve-beside-a-space   | the user will answer the review by selecting Approve with the feedback "⟨U+0020⟩" |
        | approve-beside-a-newline | the user will answer the review by selecting Approve with the feedback "↵" |
        | approve-beside-blanks    | the user will answer the review by selecting Approve with the feedback "⇥⟨U+3000⟩⟨U+00A0⟩" |

    @id:edge-review-open-verdict @TOOL-04 @TOOL-05 @needs:questions
    Scenario Outline: Approve next to <case> may be read either way, and plan mode follows the verdict
      Given plan mode is on
      And the model will answer request 1 by calling exit_plan_mode with the plan "# Add the index, then backfill."
      And the user will answer the review by selecting exactly the labels "[\"Approve\"]" with the free text "<free-text>"
      When the user prompts "Plan the index"
      Then the number of plan reviews the user was asked is 1
      And request 2 shows exit_plan_mode either approving or not, and plan mode follows that verdict

      Examples:
        | case             | free-text |
        | empty-free-text  |           |
