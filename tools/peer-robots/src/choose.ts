// Asks the peer's ISMCTS agent (ADBond/calypso src/game/agent/ismcts/, unchanged) for a card.

import { Card } from "../peer/game/card";
import { ismctsAgent } from "../peer/game/agent/ismcts/agent";
import { randomAgent } from "../peer/game/agent/random";
import { ViewGameState } from "./state";

/** How long the peer may think: a fixed number of ISMCTS iterations a card (the peer's own
 *  agents are ismcts10, ismcts100 and ismcts1000), or a time a card, which the Pacer turns
 *  into iterations from the time the earlier cards took. */
export type Budget = { iterations: number } | { ms: number };

const MOST_ITERATIONS = 1_000_000;

/** Turns a time budget into iterations: the peer's ISMCTS runs a number of iterations, not
 *  for a time, so each card gets the iterations the budget allowed at the speed measured so
 *  far (iterations per ms, over every card timed). */
export class Pacer {
  private iterations = 0;
  private ms = 0;
  constructor(readonly budget: Budget) {}

  next(): number {
    if ("iterations" in this.budget) return this.budget.iterations;
    if (this.iterations === 0 || this.ms <= 0) return 50;
    const n = Math.round((this.budget.ms * this.iterations) / this.ms);
    return Math.max(10, Math.min(MOST_ITERATIONS, n));
  }

  took(iterations: number, ms: number): void {
    this.iterations += iterations;
    this.ms += ms;
  }
}

export interface Choice {
  card: string;
  iterations: number;
  ms: number;
}

/** The card the peer's ISMCTS agent plays from `state` (the seat to play's), in our notation. */
export async function choose(state: ViewGameState, pacer: Pacer): Promise<Choice> {
  const legal = state.legalMoveIndices;
  if (legal.length === 0) throw new Error("the peer finds no card to play");
  const iterations = pacer.next();
  const t0 = performance.now();
  const index = await ismctsAgent(iterations, randomAgent).chooseMove(state, legal);
  const ms = performance.now() - t0;
  pacer.took(iterations, ms);
  if (!legal.includes(index)) throw new Error(`the peer chose card index ${index}, not one of its legal cards`);
  return { card: Card.cardFromIndex(index, state.fullPack).toStringShort(), iterations, ms };
}
