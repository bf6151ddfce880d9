"""Dialogs and pages over the game: how to play, rulings, the delete confirmation, links and
embeds, export and import of save files."""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable, Optional

from pyscript import document, window

from ..app.catalog import how_to_play, rulings_page
from ..app.controller import Controller
from ..app.words import ruling_id, without_paths
from ..app.catalog import scenario_text
from ..engine.errors import KassenError, LinkError, error_words
from ..engine.messages import msg, say
from ..games import load_rules
from . import browser
from .browser import by_id, present
from .dom import clear, el, show

if TYPE_CHECKING:  # pragma: no cover
    from .app import App


class Dialogs:
    """The page's dialogs; each opens from a handler and redraws the page through the app."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self._confirm: Optional[Callable[[], None]] = None
        self._page: Optional[Callable[[], None]] = None  # how to open the page shown again (another language)

    @property
    def controller(self) -> Controller:
        return self.app.controller

    def t(self, key: str, **args: object) -> str:
        return say(key, self.controller.lang, **args)

    def redraw(self) -> None:
        """The language changed: the page open over the game is written again in it."""
        if self._page is not None and by_id("page-dialog").open:
            self._page()

    # -- the delete confirmation ----------------------------------------------------------------------
    def confirm_delete(self, slot_id: str) -> None:
        """Ask before deleting a saved game; "Delete" deletes it, "Keep it" closes the dialog."""
        info = next((s for s in self.app.saves.slots() if s.id == slot_id), None)
        if info is None:
            return
        lang = self.controller.lang
        when = browser.local_time(info.updated, lang)
        summary = info.summary_in(lang)
        by_id("confirm-text").textContent = self.t(
            "app.ui.delete-confirm", title=info.title,
            summary=self.t("app.ui.saved-when", summary=summary, when=when) if when else summary)
        self._confirm = lambda: self.controller.delete_slot(info.id)
        by_id("confirm-dialog").showModal()

    # -- games set aside ------------------------------------------------------------------------------
    def download_aside(self, aside_id: str) -> None:
        """Offer a set-aside game's text, unchanged, as a file (Import can try it again)."""
        text = self.app.saves.aside_text(aside_id)
        if text is not None:
            browser.download(text, f"kassen-set-aside-{_file_safe(aside_id)}.json")

    def confirm_discard_aside(self, aside_id: str) -> None:
        """Ask before deleting a set-aside game, as for any saved game."""
        by_id("confirm-text").textContent = self.t("app.ui.aside-delete-confirm")
        self._confirm = lambda: self.app.saves.discard_aside(aside_id)
        by_id("confirm-dialog").showModal()

    def on_confirm_yes(self, evt: Any) -> None:
        by_id("confirm-dialog").close()
        action, self._confirm = self._confirm, None
        if action is not None:
            self.app.act(action)
            self.app.binding.focus_first("#save-list button", "#scenario-list button")

    # -- saving and sharing -------------------------------------------------------------------------
    def _link_for(self, secrets: bool) -> str:
        c = self.controller
        fragment = c.play_link() if secrets else c.spectator_link()
        query = c.link_query()  # a game against the computer: which side it plays, at what level
        return f"{browser.page_url()}{'?' + query if query else ''}#{fragment}"

    def share(self, secrets: bool) -> None:
        c = self.controller
        if c.rules is None or (secrets and c.history is None):
            return
        link = self._link_for(secrets)
        box, out, note = by_id("link-box"), by_id("link-output"), by_id("link-note")
        show(box, True)
        box.classList.toggle("secret", secrets)
        by_id("link-label").textContent = self.t("app.ui.link-secret" if secrets else "app.ui.link-spectator")
        out.value = link
        warning = self.t("app.ui.link-warning") + " " if secrets else ""
        self.copy(link, out, note, prefix=warning)

    def copy(self, text: str, field: Any, note: Any, prefix: str = "") -> None:
        async def run() -> None:
            copied = False
            try:
                await window.navigator.clipboard.writeText(text)
                copied = True
            except Exception:  # noqa: BLE001 - no clipboard permission: fall back to selecting the text
                field.focus()
                field.select()
                try:
                    copied = bool(document.execCommand("copy"))
                except Exception:  # noqa: BLE001
                    copied = False
            note.textContent = prefix + self.t("app.ui.copied" if copied else "app.ui.copy-by-hand")

        field.select()
        asyncio.ensure_future(run())

    def open_embed(self) -> None:
        c = self.controller
        if c.rules is None:
            return
        snippet = Controller.embed_snippet(browser.page_url(), c.embed_link(),
                                           scenario_text(c.rules.scenario, "title", c.lang), c.link_query(), c.lang)
        by_id("embed-code").value = snippet
        by_id("embed-note").textContent = ""
        by_id("embed-dialog").showModal()
        by_id("embed-code").select()

    def export(self) -> None:
        c = self.controller
        if c.history is None or c.rules is None:
            return
        stamp = browser.now_iso()[:16].replace(":", "").replace("T", "-")
        browser.download(c.export_save(), f"kassen-{c.rules.scenario.id}-{stamp}.json")

    def on_import(self, evt: Any) -> None:
        files = evt.target.files
        if not present(files) or files.length == 0:
            return
        file = files.item(0)

        async def run() -> None:
            body = document.body
            body.removeAttribute("data-ready")
            try:
                text = str(await file.text())
                try:
                    self.controller.import_save(text)
                except (LinkError, KassenError) as exc:
                    self.controller.message = msg("app.error.import", file=str(file.name), reason=error_words(exc))
                except (ValueError, TypeError, KeyError) as exc:
                    self.controller.message = msg("app.error.import", file=str(file.name),
                                                  reason=msg("app.error.damaged", kind=str(exc)))
                self.app.drawing.hover = None
                self.app.render()
            except Exception:  # noqa: BLE001
                self.app.report_bug()
            finally:
                evt.target.value = ""
                body.dataset.ready = "1"

        asyncio.ensure_future(run())

    # -- pages ------------------------------------------------------------------------------------
    def _open_page(self, title: str, fill: Callable[[Any], None]) -> None:
        by_id("page-title").textContent = title
        body = by_id("page-body")
        clear(body)
        fill(body)
        dialog = by_id("page-dialog")
        if not dialog.open:
            dialog.showModal()
        body.scrollTop = 0

    def open_help(self) -> None:
        self._page = self.open_help
        sections = how_to_play(self.controller.rules, self.controller.lang)

        def fill(body: Any) -> None:
            self.app.access.fill_howto(body)  # the game's goal, turn and counters first
            for heading, paragraphs in sections:
                body.append(el("h3", heading))
                for p in paragraphs:
                    body.append(el("p", p))

        self._open_page(self.t("app.ui.nav-help"), fill)
        self.app.navigation.went("help")

    def open_rulings(self, scenario_id: Optional[str]) -> None:
        c = self.controller
        rules = load_rules(scenario_id) if scenario_id else c.rules
        if rules is None:
            return
        self._page = lambda: self.open_rulings(scenario_id)
        page = rulings_page(rules, c.lang)
        t = self.t

        def marked(words_lang: str) -> dict[str, str]:
            """The lang attribute of notes not in the page's language (English kept where the
            project's notes have no translation yet)."""
            return {"lang": words_lang} if words_lang != c.lang else {}

        notes = marked(page["notes_lang"])
        untranslated = bool(notes) or any(r["lang"] != c.lang for r in page["rulings"])

        def fill(body: Any) -> None:
            # the words of the scenario's provenance and the rulings, without repository paths, and
            # one style of ruling id ("R1") whatever the game's rulings call them
            body.append(el("h3", t("app.rulings.origin")))
            if untranslated:
                body.append(el("p", t("app.rulings.english-note"), "muted small"))
            status = page["status"]
            if status:
                body.append(el("p", t("app.rulings.status", status=status), "badge-line"))
            if page["summary"]:
                body.append(el("p", without_paths(page["summary"], page["notes_lang"]), **notes))
            if page["reconstructed"]:
                body.append(el("h4", t("app.rulings.reconstructed")))
                ul = el("ul", **notes)
                for item in page["reconstructed"]:
                    ul.append(el("li", without_paths(item, page["notes_lang"])))
                body.append(ul)
            if page["how_to_correct"]:
                body.append(el("h4", t("app.rulings.correct")))
                body.append(el("p", without_paths(page["how_to_correct"], page["notes_lang"]), **notes))
            if page["sources"]:  # citations, as the works are titled
                body.append(el("h4", t("app.rulings.sources")))
                ul = el("ul", cls="sources", **marked("en"))
                for item in page["sources"]:
                    ul.append(el("li", without_paths(item)))
                body.append(ul)
            body.append(el("h3", t("app.rulings.rulings", count=len(page["rulings"]))))
            body.append(el("p", t("app.rulings.intro"), "muted"))
            for r in page["rulings"]:
                words = marked(r["lang"])
                rid = ruling_id(r["id"])
                art = el("article", cls="ruling", id=f"ruling-{rid}")
                topic = el("h4", rid)
                if r["topic"]:
                    topic.append(document.createTextNode(" — "))
                    topic.append(el("span", without_paths(r["topic"], r["lang"]), **words))
                art.append(topic)
                art.append(el("p", without_paths(r["ruling"], r["lang"]), **words))
                if r["why"]:
                    why = el("p", t("app.rulings.why"), "muted")
                    why.append(el("span", without_paths(r["why"], r["lang"]), **words))
                    art.append(why)
                if r["clauses"]:
                    art.append(el("p", t("app.rulings.clauses", clauses=", ".join(r["clauses"])), "small muted"))
                body.append(art)
            if page["options"]:  # the readings a player may choose instead, from the menu's card
                body.append(el("h3", t("app.ui.rule-options")))
                body.append(el("p", t("app.rulings.options-intro"), "muted"))
                for o in page["options"]:
                    art = el("article", cls="ruling", id=f"option-{o['id']}")
                    art.append(el("h4", t(o["label"])))
                    values = el("ul")
                    for v in o["values"]:
                        key = "app.rulings.option-default" if v["default"] else "app.rulings.option-value"
                        values.append(el("li", t(key, value=t(v["name"]), explain=t(v["explain"]))))
                    art.append(values)
                    refs = [o["clause"]] + ([t("app.rulings.option-ruling", ruling=ruling_id(o["ruling"]))]
                                            if o["ruling"] else [])
                    art.append(el("p", t("app.rulings.clauses", clauses=", ".join(refs)), "small muted"))
                    body.append(art)

        self._open_page(t("app.rulings.title", title=scenario_text(rules.scenario, "title", c.lang)), fill)
        self.app.navigation.went("rulings", scenario_id)


def _file_safe(text: str) -> str:
    """A slot id (which may be anything a damaged store holds) as part of a file name."""
    safe = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "-" for ch in text)
    return safe[:60] or "game"
