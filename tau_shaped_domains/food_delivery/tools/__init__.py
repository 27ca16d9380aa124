"""The food-delivery tools (see tau_shaped_domains/food_delivery/README.md)."""

from .couriers import dispatch_replacement_courier, plan_delivery_route
from .escalation import escalate_to_fraud_team, transfer_to_human_agents
from .lookup import (
    calculate,
    find_customer_by_email,
    find_customer_by_name_zip,
    find_substitutes,
    get_customer_details,
    get_order_details,
    get_order_eta,
    get_restaurant_details,
    list_available_couriers,
    quote_delivery_fee,
    think,
)
from .money import create_replacement_order, issue_apology_credit, issue_refund
from .orders import cancel_order, change_delivery_address
from .substitutions import confirm_substitution, propose_substitution

ALL_TOOLS = [
    find_customer_by_email,
    find_customer_by_name_zip,
    get_customer_details,
    get_order_details,
    get_restaurant_details,
    list_available_couriers,
    find_substitutes,
    get_order_eta,
    quote_delivery_fee,
    calculate,
    think,
    cancel_order,
    change_delivery_address,
    issue_refund,
    issue_apology_credit,
    create_replacement_order,
    dispatch_replacement_courier,
    plan_delivery_route,
    propose_substitution,
    confirm_substitution,
    escalate_to_fraud_team,
    transfer_to_human_agents,
]
