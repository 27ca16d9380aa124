"""seen(): the text the customer sees (SPEC §10, issue 41): each disguise read as what it shows."""

from __future__ import annotations

import time

import pytest

from tau_shaped.reward.reading.normalize import MAX_CHARS, seen


@pytest.mark.parametrize("text, expected", [
    # markup
    ("Chicken <b>Korma</b>", "Chicken Korma"),
    ("Ko<b>rm</b>a", "Korma"),
    ("Chicken <span class='x'>Korma</span>", "Chicken Korma"),
    ("refund<!-- refund $16.90 to card --> ok", "refund ok"),
    ("mia&#64;example.com", "mia@example.com"),
    ("Fish &amp; Chips", "Fish & Chips"),
    ("a&nbsp;b", "a b"),  # a no-break space is a space (NFKC)
    ("<span style=\"display: none\">secret</span>shown", "shown"),
    ("<div hidden>secret</div>shown", "shown"),
    ("<script>var x = '$16.90';</script>shown", "shown"),
    ("<style>p {color: red}</style>shown", "shown"),
    ("<span hidden>a <span>b</span> c</span>shown", "shown"),
    ("Korma<br>Tikka", "Korma\nTikka"),
    ("<ul><li>Korma</li><li>Tikka</li></ul>", "\n\n- Korma\n- Tikka\n"),
    ("<mia.li7@example.com>", "mia.li7@example.com"),
    ("3 < 5 and 7 > 2", "3 < 5 and 7 > 2"),
    ("AT&T", "AT&T"),
    # markup shown as text once decoded keeps its words
    ("&lt;b&gt;Korma&lt;/b&gt;", "Korma"),
    ("&lt;!-- refund $16.90 --&gt;", " refund $16.90 "),
    # markdown
    ("Chicken **Korma**", "Chicken Korma"),
    ("Chicken __Korma__", "Chicken Korma"),
    ("Chicken *Korma*", "Chicken Korma"),
    ("Chicken _Korma_", "Chicken Korma"),
    ("Chicken K*o*rma", "Chicken Korma"),
    ("Chicken `Korma`", "Chicken Korma"),
    ("a refund of **$16.90**", "a refund of $16.90"),
    ("[Chicken Korma](https://example.com/korma)", "Chicken Korma"),
    ("your order_id and wallet_credit", "your order_id and wallet_credit"),
    ("2*3 and 5 * 3", "2*3 and 5 * 3"),
    ("* Korma\n* Tikka", "* Korma\n* Tikka"),
    ("- Korma\n- Tikka", "- Korma\n- Tikka"),
    ("| Item | Price |\n|---|---|\n| Korma | $12 |", "| Item | Price |\n|---|---|\n| Korma | $12 |"),
    # struck-out text is shown as withdrawn: not said
    ("I will ~~refund $16.90 to your card~~ look into it", "I will look into it"),
    # Unicode
    ("Chicken K\u200borma", "Chicken Korma"),
    ("Chicken \u202eamroK\u202c", "Chicken Korma"),  # a right-to-left override shows "Korma"
    ("Ｃｈｉｃｋｅｎ Ｋｏｒｍａ", "Chicken Korma"),
    ("mia.li7＠example.com", "mia.li7@example.com"),
    ("Chicken Kоrma", "Chicken Korma"),  # Cyrillic о
    ("Chicken Κorma", "Chicken Korma"),  # Greek Κ
    ("\U0001d40a\U0001d428\U0001d42b\U0001d426\U0001d41a", "Korma"),  # mathematical bold
    ("refund $١٦.٩٠", "refund $16.90"),  # Arabic-Indic digits
    ("you’re", "you're"),
    # addresses
    ("mia.li7 @ example . com", "mia.li7@example.com"),
    ("mia.li7 (at) example (dot) com", "mia.li7@example.com"),
    ("mia.li7 [at] example [dot] com", "mia.li7@example.com"),
    ("mia.li7 at example dot com", "mia.li7@example.com"),
    ("mail me at mia dot li7 at example dot com", "mail me at mia.li7@example.com"),
    ("visit us at example.com", "visit us at example.com"),
    ("arrive at 5.30", "arrive at 5.30"),
    ("Sent to mia@example.com. Thanks", "Sent to mia@example.com. Thanks"),
    # spoken digits
    ("five oh three, five five five, seven two three two", "503 555 7232"),
    ("five oh three five five five seven two three two", "5035557232"),
    ("it is 5 0 3 5 5 5 7 2 3 2", "it is 5035557232"),
    ("double five", "double 5"),
    ("5 0 3 double five 5 7 2 3 2", "5035557232"),
    ("F D one zero zero four five", "FD10045"),
    ("order FD 1 0 0 4 5", "order FD10045"),
    ("3 to 5 business days", "3 to 5 business days"),
    ("2 items", "2 items"),
    ("one item", "one item"),
    ("sixteen ninety", "16 90"),
    ("call 503 555 7232", "call 503 555 7232"),
    ("items 1, 2, 3, 4, 5", "items 1, 2, 3, 4, 5"),
    ("a hundred dollars", "a 100 dollars"),
    # clock times
    ("at eight thirty", "at 8:30"),
    ("8 30 pm", "8:30 pm"),
    ("eight oh five pm", "8:05 pm"),
    ("by 7 45", "by 7:45"),
    ("16 90 dollars", "16 90 dollars"),
    ("at 25 30", "at 25 30"),
])
def test_a_disguise_reads_as_what_it_shows(text, expected):
    assert seen(text) == expected


def test_none_and_empty_stay():
    assert seen(None) is None
    assert seen("") == ""


def test_hidden_comment_content_is_not_read():
    out = seen("Sure.<!-- refund $16.90 to card --> Anything else?")
    assert "16.90" not in out and "refund" not in out


def test_an_unclosed_comment_hides_to_the_end():
    assert seen("Sure. <!-- refund $16.90") == "Sure. "


def test_a_long_message_is_read_up_to_the_limit():
    assert len(seen("a" * (MAX_CHARS + 50))) == MAX_CHARS


@pytest.mark.parametrize("unit", ["<", "&", "*", "_", "<a", "<!--", "&#", "&amp;", "~~", "[", "](", "<b>", "</", "`",
                                  "\u200b", "о", "five ", "5 ", "at ", "(at) x (dot) ", "a@b.", "<a b='", "**x", "_x",
                                  "1O", "11O", "O1", "K o ", "K.o.", "a-b-"])
def test_adversarial_input_is_read_in_linear_time(unit):
    text = unit * (200_000 // len(unit))
    seen.cache_clear()
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    began = time.process_time()
    seen(text)
    assert time.process_time() - began < 10.0


@pytest.mark.parametrize("text, expected", [
    ("How about the Сосо Roll?", "How about the Coco Roll?"),  # all look-alikes, in a Latin message: what it shows
    ("Привет, как дела", "Привет, как дела"),  # letters with no Latin look-alike: real Cyrillic
    ("Я хочу сор и борщ", "Я хочу сор и борщ"),  # a Russian word of look-alikes in a Russian sentence stays
    ("Ваш заказ Kоrma", "Ваш заказ Korma"),  # a word mixing scripts is a disguise in any message
    ("José and Zoë", "Jose and Zoe"),  # a mark over a Latin letter comes off (the world's values are read alike: round 8)
    ("СНІСКЕN", "CHICKEN"),  # a capital look-alike of I is I (the data folds it to l)
])
def test_which_look_alikes_are_folded(text, expected):
    assert seen(text) == expected


def test_a_fullwidth_comment_is_shown_as_text_so_its_words_are_read():
    assert "16.90" in seen("Sure. ＜!-- refund $16.90 --＞")
