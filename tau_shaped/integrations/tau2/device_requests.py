"""What an agent asks a telecom customer to do on their phone, read from its message.

tau2's telecom customer acts on their own phone with tools of their own (dual control): the
agent asks ("please toggle airplane mode", "could you run a speed test?") and the customer
does it. :func:`requested` reads an agent message into the customer's tool calls, in the order
they are asked: a sentence asks for a tool when it has one of the tool's verbs and its object
(``toggle`` ... ``airplane mode``; ``run`` ... ``speed test``); arguments are read from the
same sentence (a network mode, an app and a permission). The verb is a whole word before the
object ("your roaming is enabled" asks nothing). :func:`request_text` is the ground
truth's way of asking for one (its words, read back to the same call by :func:`requested`).

The words are this project's, one table (``_WORDS``); a phrase outside it is not a request
(the customer answers as to any other message).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

_TOGGLE = r"(?:toggle|turn|switch|enable|disable|activate|deactivate)"
_CHECK = r"(?:check|look at|tell me|see|read|open|verify|confirm|what)"

# tool -> (verb regex, object regex, the ground truth's words)
_WORDS: Dict[str, Tuple[str, str, str]] = {
    "toggle_airplane_mode": (_TOGGLE, r"airplane mode|flight mode", "toggle airplane mode"),
    "toggle_data": (_TOGGLE, r"mobile data|cellular data|(?<!roaming )\bdata\b(?! saver| roaming| usage| plan)",
                    "toggle mobile data"),
    "toggle_roaming": (_TOGGLE, r"(?:data )?roaming", "toggle data roaming"),
    "toggle_data_saver_mode": (_TOGGLE, r"data saver", "toggle data saver mode"),
    "toggle_wifi": (_TOGGLE, r"wi-?fi(?! calling)", "toggle wifi"),
    "toggle_wifi_calling": (_TOGGLE, r"wi-?fi calling", "toggle wifi calling"),
    "connect_vpn": (r"(?<!dis)connect", r"vpn", "connect the vpn"),
    "disconnect_vpn": (r"disconnect|turn off|disable|switch off", r"vpn", "disconnect the vpn"),
    "reboot_device": (r"reboot|restart|power cycle", r"phone|device|it\b", "reboot the device"),
    "reseat_sim_card": (r"reseat|re-seat|remove and (?:re)?insert|take out and put back|reinsert", r"sim",
                        "reseat the sim card"),
    "reset_apn_settings": (r"reset", r"apn", "reset the apn settings"),
    "set_network_mode_preference": (r"set|change|switch", r"network mode|network type preference|preferred network",
                                    "set the network mode preference to"),
    "grant_app_permission": (r"grant|give|allow|enable", r"permission", "grant the app permission"),
    "make_payment": (r"make|pay|accept|complete", r"payment|the bill|the request", "make the payment"),
    "check_status_bar": (_CHECK, r"status bar", "check the status bar"),
    "check_network_status": (_CHECK, r"network status|connection status", "check the network status"),
    "check_network_mode_preference": (_CHECK, r"network mode", "check the network mode preference"),
    "run_speed_test": (r"run|do|perform|try", r"speed ?test", "run a speed test"),
    "check_sim_status": (_CHECK, r"sim (?:card )?status", "check the sim status"),
    "check_data_restriction_status": (_CHECK, r"data restriction", "check the data restriction status"),
    "check_apn_settings": (_CHECK, r"apn settings", "check the apn settings"),
    "check_wifi_status": (_CHECK, r"wi-?fi status", "check the wifi status"),
    "check_wifi_calling_status": (_CHECK, r"wi-?fi calling status", "check the wifi calling status"),
    "check_vpn_status": (_CHECK, r"vpn status", "check the vpn status"),
    "check_installed_apps": (_CHECK, r"installed apps", "check the installed apps"),
    "check_app_permissions": (_CHECK, r"app permissions|permissions of", "check the app permissions of"),
    "can_send_mms": (r"try|check|see|test", r"send (?:an |a )?(?:mms|picture message)", "try to send an mms"),
    "check_payment_request": (_CHECK, r"payment request", "check the payment request"),
}
# a sentence naming a more specific tool's object does not ask for the general one
_MORE_SPECIFIC = {"toggle_data": ("toggle_roaming", "toggle_data_saver_mode"), "toggle_wifi": ("toggle_wifi_calling",),
                  "check_network_mode_preference": ("set_network_mode_preference",),
                  "check_wifi_status": ("check_wifi_calling_status",), "disconnect_vpn": ("check_vpn_status",),
                  "connect_vpn": ("check_vpn_status", "disconnect_vpn"), "make_payment": ("check_payment_request",),
                  "check_status_bar": ("reboot_device",), "check_app_permissions": ("grant_app_permission",)}
_MODES = (("4g_5g_preferred", r"4g_5g_preferred|4g/5g|5g"), ("4g_only", r"4g_only|4g only"),
          ("3g_only", r"3g_only|3g only"), ("2g_only", r"2g_only|2g only"))
_APPS = ("messaging", "browser")
_PERMISSIONS = ("sms", "storage", "phone", "network")
_SENTENCE = re.compile(r"[^.!?\n]+")
_COMPILED = {tool: (re.compile(rf"\b(?:{verb})\b", re.I), re.compile(rf"(?:{obj})", re.I))
             for tool, (verb, obj, _) in _WORDS.items()}
MAX_CHARS = 20_000


def _arguments(tool: str, sentence: str) -> Optional[Dict[str, Any]]:
    low = sentence.lower()
    if tool == "set_network_mode_preference":
        for value, pattern in _MODES:
            if re.search(pattern, low):
                return {"mode": value}
        return None
    if tool in ("grant_app_permission", "check_app_permissions", "check_app_status"):
        app = next((a for a in _APPS if re.search(rf"\b{a}\b", low)), None)
        if app is None:
            return None
        if tool != "grant_app_permission":
            return {"app_name": app}
        permission = next((p for p in _PERMISSIONS if re.search(rf"\b{p}\b", low)), None)
        return {"app_name": app, "permission": permission} if permission else None
    return {}


def requested(text: str, tools: Any = None) -> List[Tuple[str, Dict[str, Any]]]:
    """The customer tool calls (tau2 tool name, arguments) an agent message asks for, in order
    (each at most once); ``tools``: those the customer has (default: every one in the table)."""
    if not isinstance(text, str):
        return []
    found: List[Tuple[int, str, Dict[str, Any]]] = []
    for sentence in _SENTENCE.finditer(text[:MAX_CHARS]):
        part = sentence.group(0)
        hits: Dict[str, Tuple[int, Dict[str, Any]]] = {}
        for tool, (verb, obj) in _COMPILED.items():
            if tools is not None and tool not in tools:
                continue
            asked = verb.search(part)
            seen = obj.search(part, asked.start()) if asked is not None else None  # the verb, then what it acts on
            if seen is None:
                continue
            args = _arguments(tool, part)
            if args is not None:
                hits[tool] = (sentence.start() + seen.start(), args)
        for tool in list(hits):
            if any(other in hits for other in _MORE_SPECIFIC.get(tool, ())):
                del hits[tool]
        found.extend((at, tool, args) for tool, (at, args) in hits.items())
    out: List[Tuple[str, Dict[str, Any]]] = []
    for _, tool, args in sorted(found, key=lambda hit: hit[0]):
        if all(tool != t for t, _ in out):
            out.append((tool, args))
    return out


def request_text(tool: str, arguments: Dict[str, Any]) -> str:
    """The ground truth's request for one customer tool call (read back by :func:`requested`)."""
    if tool not in _WORDS:
        raise ValueError(f"no words for the customer tool {tool!r}")
    words = _WORDS[tool][2]
    if tool == "set_network_mode_preference":
        words = f"{words} {arguments.get('mode')}"
    elif tool == "grant_app_permission":
        words = f"grant the {arguments.get('app_name')} app the {arguments.get('permission')} permission"
    elif tool == "check_app_permissions":
        words = f"{words} the {arguments.get('app_name')} app"
    return f"Please do this on your phone now: {words}."
