// Coins API for every module: grant, spend and refund by idempotency key. Calling twice with
// the same key is a no-op that answers the first result (`applied: false`), so callers can
// retry freely (payment webhooks, generation jobs). Pass `db` = your own transaction to make
// a movement part of it (it runs in a savepoint there).
import { Messages } from "@studio/contracts";
import type { Db } from "../../db/database.ts";
import { conflict, HttpError, notFound } from "../../http/http-error.ts";
import {
  applyMovement,
  findEntry,
  ledgerSum,
  listEntries,
  type MovementInput,
  readBalance,
  refundableAmount,
} from "./coins.repository.ts";
import type { LedgerRow } from "./coins.tables.ts";

export interface CoinMovement {
  /** false when the key had been used before: nothing changed this time */
  applied: boolean;
  /** the account's balance after the movement (current balance on a replay) */
  balance: number;
  entry: LedgerRow;
}

export interface MovementRequest {
  accountId: string;
  amount: number;
  /** unique across the whole ledger, e.g. `generation:<id>`, `redeem:<user>:<day>` */
  key: string;
  reason: string;
}

export interface RefundRequest {
  accountId: string;
  /** key of the spend being (partly) given back */
  spendKey: string;
  /** default: what is left of the spend */
  amount?: number;
  /** default `refund:<spendKey>`; pass distinct keys for several partial refunds */
  key?: string;
  reason?: string;
}

export class NotEnoughCoinsError extends HttpError {
  constructor() {
    super(402, Messages.notEnoughCredits);
  }
}

export interface CoinsService {
  balance(accountId: string, db?: Db): Promise<number>;
  grant(req: MovementRequest, db?: Db): Promise<CoinMovement>;
  /** Throws NotEnoughCoinsError (402 'Not enough credits') when the balance is short. */
  spend(req: MovementRequest, db?: Db): Promise<CoinMovement>;
  refund(req: RefundRequest, db?: Db): Promise<CoinMovement>;
  history(accountId: string, db?: Db): Promise<LedgerRow[]>;
  /** Ledger sum, for audits and tests: always equals balance(). */
  ledgerTotal(accountId: string, db?: Db): Promise<number>;
}

function checkAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0 || amount > 1_000_000) {
    throw new RangeError(`coin amount must be a positive integer, got ${amount}`);
  }
}

export function createCoinsService(root: Db): CoinsService {
  async function move(db: Db, input: MovementInput): Promise<CoinMovement> {
    const outcome = await applyMovement(db, input);
    switch (outcome.status) {
      case "applied":
        return { applied: true, balance: outcome.entry.balanceAfter, entry: outcome.entry };
      case "replayed": {
        const e = outcome.entry;
        if (e.accountId !== input.accountId || e.delta !== input.delta || e.kind !== input.kind) {
          throw conflict(`Idempotency key ${input.key} was already used for another movement`);
        }
        return { applied: false, balance: (await readBalance(db, input.accountId)) ?? 0, entry: e };
      }
      case "insufficient":
        throw new NotEnoughCoinsError();
      case "no-account":
        throw notFound("User not found");
      case "refund-exceeds":
        throw conflict(`Refund exceeds what is left of the spend (${outcome.refundable} coins)`);
    }
  }

  return {
    async balance(accountId, db = root) {
      const b = await readBalance(db, accountId);
      if (b === undefined) throw notFound("User not found");
      return b;
    },
    grant(req, db = root) {
      checkAmount(req.amount);
      return move(db, { ...req, delta: req.amount, kind: "grant" });
    },
    spend(req, db = root) {
      checkAmount(req.amount);
      return move(db, { ...req, delta: -req.amount, kind: "spend" });
    },
    async refund(req, db = root) {
      const spend = await findEntry(db, req.spendKey);
      if (spend?.kind !== "spend" || spend.accountId !== req.accountId) {
        throw notFound(`No spend ${req.spendKey} for this account`);
      }
      const key = req.key ?? `refund:${req.spendKey}`;
      const amount = req.amount ?? (await refundableAmount(db, req.spendKey));
      if (amount === 0) {
        const previous = await findEntry(db, key);
        if (previous)
          return {
            applied: false,
            balance: await this.balance(req.accountId, db),
            entry: previous,
          };
        throw conflict(`Spend ${req.spendKey} was already refunded in full`);
      }
      checkAmount(amount);
      return move(db, {
        accountId: req.accountId,
        delta: amount,
        kind: "refund",
        reason: req.reason ?? `refund of ${req.spendKey}`,
        key,
        refundOf: req.spendKey,
      });
    },
    history: (accountId, db = root) => listEntries(db, accountId),
    ledgerTotal: (accountId, db = root) => ledgerSum(db, accountId),
  };
}
