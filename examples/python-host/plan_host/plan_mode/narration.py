"""Notices: what the model is told when the user switches mode (NARR-01).

The wording is free, but each direction always has the same text and the two
differ.  A notice is a `user/message` whose source is the plugin, appended
after the conversation so far.
"""
ENTERED_NOTICE = (
    "The user switched to plan mode. Explore and design; do not change anything yet, "
    "and present the complete plan through exit_plan_mode."
)
LEFT_NOTICE = "The user switched back to the default mode: plan mode is off, so you may carry out changes again."


def notice_for(active: bool) -> str:
    return ENTERED_NOTICE if active else LEFT_NOTICE
