// The case page's forms (the review with its correction, and the admin's relabel) are sent from
// the page: whatever goes wrong, the page stays as it is, with a line that says what happened
// and that nothing entered was lost; Save again sends the same save, which the server saves
// once (its key: reviews/save_keys.py). A save that worked goes on as a form post would (the
// next case, or this one again, with the "Saved" message). Without this script the forms post
// as plain forms and the server answers with pages (reviews/case_views.py; d651).
(function () {
  const TIMEOUT_SECONDS = 30;
  const KEPT = " Nothing you entered is lost: it is all still here.";

  function cookie(name) {
    const hit = document.cookie.split("; ").find(function (c) { return c.indexOf(name + "=") === 0; });
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) : "";
  }

  // The form's line for what happened to its save, just above its buttons.
  function lineOf(form) {
    let line = form.querySelector(".save-line");
    if (!line) {
      line = document.createElement("div");
      line.className = "save-line";
      line.setAttribute("role", "alert");
      const buttons = form.querySelector(".buttons") || form.querySelector('button[type="submit"]');
      const row = buttons && buttons.closest(".decide-row") ? buttons.closest(".decide-row") : buttons;
      if (row) row.parentNode.insertBefore(line, row); else form.appendChild(line);
    }
    return line;
  }
  function say(form, tone, words, extra) {
    const line = lineOf(form);
    line.className = "save-line " + tone;
    line.hidden = false;
    // What happened first and strong; what it means for the reviewer after it, plain.
    const cut = words.search(/\.\s/);
    const head = document.createElement("strong");
    head.textContent = cut > 0 ? words.slice(0, cut + 1) : words;
    line.replaceChildren(head, cut > 0 ? words.slice(cut + 1) : "");
    (extra || []).forEach(function (node) { line.appendChild(node); });
    return line;
  }
  function busy(form, on) {
    form.dataset.saving = on ? "1" : "";
    form.querySelectorAll('button[type="submit"]').forEach(function (b) {
      b.disabled = on;
      b.setAttribute("aria-busy", on ? "true" : "false");
    });
  }

  // A refused save names what to put right at its field as well as in the line, where the
  // server's page for it would (templates/reviews/case_detail.html: .fielderror, has-error).
  function markField(form, answer) {
    document.querySelectorAll("[data-save-error]").forEach(function (el) { el.remove(); });
    document.querySelectorAll(".has-error").forEach(function (el) { el.classList.remove("has-error"); });
    document.querySelectorAll('[aria-invalid="true"]').forEach(function (el) { el.removeAttribute("aria-invalid"); });
    const words = answer.error.replace(/^Not saved: /, "");
    function note(tag, id) {
      const el = document.createElement(tag);
      el.className = "fielderror";
      el.setAttribute("role", "alert");
      el.dataset.saveError = "1";
      if (id) el.id = id;
      el.textContent = words;
      return el;
    }
    let target = null;
    const field = answer.field || "";
    if (answer.finding !== null && answer.finding !== undefined) {
      const row = document.getElementById("finding-" + answer.finding);
      if (row) {
        row.classList.add("has-error");
        const reason = row.querySelector("select");
        if (reason) reason.setAttribute("aria-invalid", "true");
        row.querySelector(".decide").appendChild(note("span"));
        target = row;
      }
    } else if (field.indexOf("correction") === 0 && document.getElementById("correct")) {
      const correct = document.getElementById("correct");
      correct.classList.add("has-error");
      if (field === "correction.conclusion") {
        document.getElementById("answer-editor").after(note("p", "conclusion-error"));
      } else {
        document.getElementById("citations").after(note("p", "citations-error"));
      }
      target = correct;
    } else if (form.querySelector(".labels") && field === "label") {
      target = form.querySelector(".labels");
      target.classList.add("has-error");
    }
    if (target) target.scrollIntoView({ block: "nearest" });
  }

  function refused(form, answer) {
    if (answer.conflict) {
      // Someone's review or a new verdict came in meanwhile: the server's page for it shows the
      // other calls beside each finding (or the new verdict) with all of this filled in. The
      // plain post saves nothing: a conflict stays one until saved again from that page.
      say(form, "error", answer.error + " Showing it, with everything you entered kept…");
      HTMLFormElement.prototype.submit.call(form);
      return;
    }
    const again = form.id === "review-form" ? "save again" : "send it again";
    say(form, "error", answer.error + "." + KEPT + " Put it right and " + again + ".");
    markField(form, answer);
  }

  function failed(form, words) {
    say(form, "error", words + KEPT + " Save again when ready (should it reach the server twice, it is saved once).");
  }

  // What the form holds, for "did it change while its save was on its way" (d901): every field
  // but those a save may differ by and still be the same one (reviews/save_keys.py, NOT_CONTENT)
  // and the page's record of the reviews seen, which a save itself moves on.
  const NOT_CONTENT = ["csrfmiddlewaretoken", "save_key", "next", "seen_review_id"];
  function contentOf(data) {
    const pairs = [];
    data.forEach(function (value, name) {
      if (NOT_CONTENT.indexOf(name) < 0) pairs.push(name + "=" + (typeof value === "string" ? value : ""));
    });
    return pairs.sort().join("\n");
  }

  // Saved, but the reviewer changed the form while the save was on its way (a key pressed or a
  // choice clicked after Save): going on to the next page would drop the change and show the
  // saved case as if it held it. The page stays, says so, and Save again saves the form as it
  // is now as the reviewer's newer review (the page now counts the saved one as seen).
  function savedButChanged(form, answer) {
    busy(form, false);
    const seen = form.querySelector('input[name="seen_review_id"]');
    if (seen && answer.review) seen.value = String(answer.review);
    // The Reviews list as the server lists it now, the saved review in it (d925); the Label
    // history and the relabel form's "Now:" line likewise, the saved relabel in them (d964),
    // and the head's final label (d1006).
    [["reviews-list", answer.reviews_html], ["label-history", answer.label_history_html],
     ["current-label", answer.current_label_html], ["head-label", answer.head_label_html]].forEach(function (pair) {
      const el = document.getElementById(pair[0]);
      if (el && typeof pair[1] === "string") el.innerHTML = pair[1];
    });
    say(form, "error", "Saved what the form held when you pressed Save, not your changes since. " +
        (answer.message || "") + " Nothing you entered is lost: your changes are still here; save again to save them.");
  }

  // The save's messages, for the page it opens next to show (static/js/messages.js): the
  // server keeps none in the session for a save sent from here (d925).
  function keepMessages(messages) {
    if (!Array.isArray(messages) || !messages.length) return;
    try {
      window.sessionStorage.setItem("groundgate.saved-messages", JSON.stringify(messages));
    } catch (e) { /* storage refused: the next page opens without them */ }
  }

  function send(form, submitter) {
    const body = new FormData(form, submitter || undefined);
    const sent = contentOf(body);
    // The session's own token: signing in again in another tab changes it.
    const token = cookie("csrftoken");
    if (token && body.has("csrfmiddlewaretoken")) body.set("csrfmiddlewaretoken", token);
    const control = new AbortController();
    let late = false;
    const timer = window.setTimeout(function () { late = true; control.abort(); }, TIMEOUT_SECONDS * 1000);
    busy(form, true);
    // The undecided-findings warning was answered by this very save.
    const warning = form.querySelector("#partial-warning");
    if (warning) warning.hidden = true;
    say(form, "pending", "Saving…");
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin", signal: control.signal,
                         headers: { Accept: "application/json" } })
      .then(function (response) {
        const type = response.headers.get("Content-Type") || "";
        if (type.indexOf("application/json") >= 0) {
          return response.json().then(function (answer) {
            if (answer.saved && contentOf(new FormData(form)) !== sent) {
              savedButChanged(form, answer);
              return;
            }
            if (answer.saved) {
              say(form, "ok", (answer.message || "Saved.") + " Opening the next page…");
              form.dataset.saved = "1";
              keepMessages(answer.messages);
              window.location.assign(answer.location);
              return;
            }
            busy(form, false);
            refused(form, answer);
          });
        }
        busy(form, false);
        if (response.redirected && /\/(login|accounts)\b/.test(new URL(response.url).pathname)) {
          failed(form, "Not saved: you are signed out. Sign in again in another tab, then Save again here.");
        } else if (response.status >= 500) {
          failed(form, "Not saved: the server failed (error " + response.status + ").");
        } else if (response.status === 403) {
          failed(form, "Not saved: the server refused it (error 403: not allowed, or the page's sign-in has changed; sign in again in another tab).");
        } else {
          failed(form, "Not saved: the server answered " + response.status + (response.statusText ? " " + response.statusText : "") + ".");
        }
      })
      .catch(function () {
        busy(form, false);
        if (late) {
          failed(form, "Not saved: the server did not answer within " + TIMEOUT_SECONDS + " seconds. It may have saved it before the answer was lost; saving again cannot save it twice.");
        } else {
          failed(form, "Not saved: the connection to the server was lost.");
        }
      })
      .finally(function () { window.clearTimeout(timer); });
  }

  document.querySelectorAll("form#review-form, form.relabel").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return;  // the page asked first (undecided findings)
      event.preventDefault();
      if (form.dataset.saving) return;  // a second click while the first is on its way
      send(form, event.submitter);
    });
  });
  // Back to a page whose save was on its way or done: its buttons work again, and the line
  // says what the page knows.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form#review-form, form.relabel").forEach(function (form) {
      busy(form, false);
      const line = form.querySelector(".save-line");
      if (form.dataset.saved && line) {
        say(form, "ok", "Saved already (you came back to this page): saving it again unchanged saves nothing new.");
      } else if (line && line.classList.contains("pending")) {
        line.hidden = true;
      }
    });
  });
})();
