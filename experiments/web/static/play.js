// A human seat's page: click a legal move (in the list, or a board element carrying
// data-action); the server plays the bots and answers with this seat's new page.
// While another person is to decide, the page asks again every second.
"use strict";
(function () {
  const root = document.getElementById("play");
  if (!root) { return; }
  const api = root.dataset.api;
  let busy = false;
  let timer = null;

  function item(text) {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }
  function show(data) {
    document.getElementById("turn").textContent = data.turn;
    document.getElementById("board").innerHTML = data.board;
    document.getElementById("observation").textContent = data.observation;
    document.getElementById("legal").replaceChildren(...data.legal.map(function (m) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = m.action;
      button.textContent = m.text;
      li.appendChild(button);
      return li;
    }));
    document.getElementById("table-log").replaceChildren(...data.table_log.map(item));
    const moves = document.getElementById("moves");
    moves.replaceChildren(...data.moves.map(item));
    moves.scrollTop = moves.scrollHeight;
    const result = document.getElementById("result");
    if (data.over) {
      result.textContent = "Game over. Scores: " + data.scores.map(function (s, p) {
        return "P" + p + (p === data.seat ? " (you)" : "") + " " + s;
      }).join(", ") + ". Seed " + data.seed + "; play it again: " + data.play_again;
      result.className = "turn over";
    }
    root.dataset.answers = String(Number(root.dataset.answers || 0) + 1);
    root.dataset.over = String(data.over);
    root.dataset.yourTurn = String(data.your_turn);
    clearTimeout(timer);
    if (!data.over && !data.your_turn) { timer = setTimeout(refresh, 1000); }
  }
  function answer(response) {
    return response.json().then(function (data) {
      const message = document.getElementById("message");
      if (data.error) {
        message.textContent = data.error;
        message.hidden = false;
        return null;
      }
      message.hidden = true;
      show(data);
      return data;
    });
  }
  function refresh() {
    return fetch(api).then(answer);
  }
  function play(action) {
    if (busy) { return; }
    busy = true;
    root.dataset.busy = "true";
    fetch(api + "/move", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: Number(action) }),
    }).then(answer).finally(function () { busy = false; root.dataset.busy = "false"; });
  }
  root.addEventListener("click", function (event) {
    const target = event.target.closest("[data-action]");
    if (target && root.contains(target)) { play(target.dataset.action); }
  });
  refresh();
})();
