// Step through a stored game without reloading: buttons, arrow keys, Home and End.
// The links work without this script (each is the page of its step).
"use strict";
(function () {
  const root = document.getElementById("replay");
  if (!root) { return; }
  const api = root.dataset.api;
  const last = Number(root.dataset.last);
  let step = Number(document.getElementById("step").textContent);
  const seatSelect = document.getElementById("seat");

  function fill(list, items, render) {
    list.replaceChildren(...items.map(render));
  }
  function item(text) {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }
  function show(data) {
    step = data.step;
    document.getElementById("step").textContent = data.step;
    document.getElementById("turn").textContent = data.turn;
    document.getElementById("board").innerHTML = data.board;
    document.getElementById("observation").textContent = data.observation;
    fill(document.getElementById("this-step"), data.this_step, item);
    fill(document.getElementById("table-log"), data.table_log, item);
    const moves = document.getElementById("moves");
    fill(moves, data.moves, function (m) {
      const li = item(m.step + ". " + m.text);
      li.dataset.step = m.step;
      if (m.step === data.step) { li.className = "current"; }
      return li;
    });
    moves.scrollTop = moves.scrollHeight;
    const seat = data.seat;
    const query = function (s) { return "?step=" + s + "&seat=" + seat; };
    document.getElementById("first").href = query(0);
    document.getElementById("prev").href = query(Math.max(step - 1, 0));
    document.getElementById("next").href = query(Math.min(step + 1, last));
    document.getElementById("end").href = query("end");
    root.dataset.shown = String(data.step);
    history.replaceState(null, "", query(data.step));
  }
  function go(target) {
    target = Math.max(0, Math.min(last, target));
    fetch(api + "?step=" + target + "&seat=" + seatSelect.value)
      .then(function (r) { return r.json(); })
      .then(function (data) {
        if (data.error) { document.getElementById("turn").textContent = data.error; }
        else { show(data); }
      });
  }
  const moves = { first: function () { return 0; }, prev: function () { return step - 1; },
                  next: function () { return step + 1; }, end: function () { return last; } };
  Object.keys(moves).forEach(function (id) {
    document.getElementById(id).addEventListener("click", function (event) {
      event.preventDefault();
      go(moves[id]());
    });
  });
  seatSelect.addEventListener("change", function () { go(step); });
  document.addEventListener("keydown", function (event) {
    if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") { return; }
    const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "end" };
    const id = keys[event.key];
    if (id) { event.preventDefault(); go(moves[id]()); }
  });
  const moveList = document.getElementById("moves");
  moveList.scrollTop = moveList.scrollHeight;  // the latest moves in sight
  root.dataset.shown = String(step);
})();
