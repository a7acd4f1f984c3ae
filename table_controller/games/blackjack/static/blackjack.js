// Blackjack's layout: the felt (felt.js, beside this module) draws the places blackjack declares (the dealer's
// cards, each seat's hands after a split, its bet, side-bet and insurance circles); this module
// hands it the layout's box and each seat's look.
import { drawFelt } from "./felt.js";

export function drawLayout(state, { seatTag }) {
  drawFelt(state, document.getElementById("layout"), seatTag);
}
