"""The library's tools: typed, documented, each declaring its effects (``@effects``)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Literal

from tau_shaped import record_event
from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.tool_effects import effects


@effects(reads=["members"])
@tool
def find_member(data: dict, email: str) -> str:
    """Find a member's id by the email on their card (identity verification).

    Args:
        email: The member's email, such as 'ines@example.org'.
    """
    for member_id, member in data["members"].items():
        if member["email"] == email.strip().lower():
            return member_id
    raise ToolError("no member with that email")


@effects(reads=["members", "loans", "books"])
@tool
def get_member(data: dict, member_id: str) -> dict:
    """A member's fee balance and loans (each with its book's title and whether others hold it).

    Args:
        member_id: The member's id, such as 'M1'.
    """
    member = data["members"].get(member_id)
    if member is None:
        raise ToolError(f"member {member_id} not found")
    loans = {lid: {**loan, "title": data["books"][loan["book_id"]]["title"], "held_by_others": bool(data["books"][loan["book_id"]]["holds"])}
             for lid, loan in sorted(data["loans"].items()) if loan["member_id"] == member_id}
    return {"member_id": member_id, "fee_balance": member["fee_balance"], "loans": loans}


@effects(reads=["loans", "books"], writes=["loans"], events=["renewed_held_book"])
@tool
def renew_loan(data: dict, loan_id: str, weeks: Literal[1, 2]) -> dict:
    """Renew a loan by one or two weeks.

    Args:
        loan_id: The loan's id, such as 'L1'.
        weeks: How many weeks to add to the due date: 1 or 2.
    """
    loan = data["loans"].get(loan_id)
    if loan is None:
        raise ToolError(f"loan {loan_id} not found")
    if data["books"][loan["book_id"]]["holds"]:
        record_event("renewed_held_book", loan_id=loan_id, book_id=loan["book_id"])
    loan["due"] = (date.fromisoformat(loan["due"]) + timedelta(weeks=weeks)).isoformat()
    loan["renewals"] += 1
    return {"loan_id": loan_id, "due": loan["due"]}


@effects(reads=["members", "books"], writes=["books"])
@tool
def place_hold(data: dict, member_id: str, book_id: str, pickup: Literal["main", "branch"]) -> dict:
    """Place a hold on a book for a member, to pick up at the main library or the branch.

    Args:
        member_id: The member's id.
        book_id: The book's id, such as 'B3'.
        pickup: main or branch.
    """
    if member_id not in data["members"]:
        raise ToolError(f"member {member_id} not found")
    book = data["books"].get(book_id)
    if book is None:
        raise ToolError(f"book {book_id} not found")
    if any(h["member_id"] == member_id for h in book["holds"]):
        raise ToolError(f"member {member_id} already holds {book_id}")
    book["holds"].append({"member_id": member_id, "pickup": pickup})
    return {"book_id": book_id, "place_in_line": len(book["holds"])}


@effects(reads=["members"], writes=["members"], events=["second_waiver"])
@tool
def waive_fee(data: dict, member_id: str, amount: float, reason: Literal["library_error", "first_time"]) -> dict:
    """Waive part or all of a member's late fees.

    Args:
        member_id: The member's id.
        amount: Dollars to waive; at most the fee balance.
        reason: library_error (the library's mistake) or first_time (a first waiver, once ever).
    """
    member = data["members"].get(member_id)
    if member is None:
        raise ToolError(f"member {member_id} not found")
    amount = round(amount, 2)
    if not 0 < amount <= member["fee_balance"]:
        raise ToolError(f"amount must be more than 0 and at most {member['fee_balance']:.2f}")
    if reason == "first_time" and member["waived_before"]:
        record_event("second_waiver", member_id=member_id)
    member["fee_balance"] = round(member["fee_balance"] - amount, 2)
    member["waivers"].append({"amount": amount})
    member["waived_before"] = True
    member["last_waiver_reason"] = reason
    return {"member_id": member_id, "waived": amount, "fee_balance": member["fee_balance"]}


@effects()
@tool
def transfer_to_human_agents(data: dict, summary: str) -> str:
    """Transfer the member to a librarian, with a summary. Ends the conversation.

    Args:
        summary: What the member needs and what was done.
    """
    return "Transfer successful"


TOOLS = [find_member, get_member, renew_loan, place_hold, waive_fee, transfer_to_human_agents]
