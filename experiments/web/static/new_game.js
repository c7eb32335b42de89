// The new-game form: show as many seat rows as players, the chosen game's presets,
// and that game's agent suggestions at that many seats. The server checks everything
// again.
"use strict";
(function () {
  const game = document.getElementById("game");
  const players = document.getElementById("players");
  const preset = document.getElementById("preset");
  if (!game) { return; }
  function update() {
    const chosen = game.selectedOptions[0];
    const low = Number(chosen.dataset.min);
    const high = Number(chosen.dataset.max);
    players.min = low;
    players.max = high;
    if (!players.value || Number(players.value) < low || Number(players.value) > high) {
      players.value = low;
    }
    const count = Number(players.value);
    document.querySelectorAll(".seat").forEach(function (row) {
      const shown = Number(row.dataset.seat) < count;
      row.hidden = !shown;
      row.querySelector("input").disabled = !shown;
      // the suggestions for this game at this many seats (bots trained at other counts left out)
      row.querySelector("input").setAttribute("list", "agents-" + game.value + "-" + count);
    });
    Array.from(preset.options).forEach(function (option) {
      option.hidden = Boolean(option.dataset.game) && option.dataset.game !== game.value;
    });
    if (preset.selectedOptions[0] && preset.selectedOptions[0].hidden) { preset.value = ""; }
  }
  game.addEventListener("change", update);
  players.addEventListener("input", update);
  update();
})();
