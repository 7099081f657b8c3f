// Groups the callback deliveries that arrive while the database is busy into one statement, so a
// storm costs one round trip and one commit per batch, not per delivery (PostgreSQL: each commit
// waits for its WAL flush, and every transaction that sends a NOTIFY commits one after the other,
// cluster-wide). Pure scheduling: the statement itself is the caller's.

/** Runs one batch: an answer per item, in the items' order. */
export type RunBatch<Item, Answer> = (items: Item[]) => Promise<Answer[]>;

type Waiting<Item, Answer> = { key: string; item: Item; resolve: (answer: Answer) => void; reject: (error: unknown) => void };

export type BatchOptions = {
  /** Batches on their way at once (each holds a connection); the next one fills while they run. */
  maxInFlight: number;
  /** Items in one batch at most. */
  maxItems: number;
};

/**
 * A queue that hands its items to `run` in batches: as soon as fewer than `maxInFlight` batches are
 * on their way, everything waiting (up to `maxItems`) goes. Alone, an item goes at once, so a quiet
 * receiver waits for nothing; under load the items that arrived during a batch's round trip go
 * together in the next. Two items with the same key (a transaction's deliveries) are never in
 * flight at once: the later one waits for the batch holding the earlier, so a transaction's
 * deliveries are judged one after the other in arrival order, as they would be one at a time.
 */
export function createBatchQueue<Item, Answer>(run: RunBatch<Item, Answer>, options: BatchOptions) {
  let waiting: Waiting<Item, Answer>[] = [];
  const keysInFlight = new Set<string>();
  let inFlight = 0;

  function dispatch() {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      const batch: Waiting<Item, Answer>[] = [];
      const keys = new Set<string>();
      const later: Waiting<Item, Answer>[] = [];
      for (const entry of waiting) {
        // Once one of a key's items waits, the key's later items wait behind it (arrival order).
        if (batch.length < options.maxItems && !keys.has(entry.key) && !keysInFlight.has(entry.key)) batch.push(entry);
        else later.push(entry);
        keys.add(entry.key);
      }
      if (batch.length === 0) return;
      waiting = later;
      void send(batch);
    }
  }

  async function send(batch: Waiting<Item, Answer>[]) {
    inFlight += 1;
    for (const entry of batch) keysInFlight.add(entry.key);
    try {
      const answers = await run(batch.map((entry) => entry.item));
      for (const [index, entry] of batch.entries()) entry.resolve(answers[index]!);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // One item's trouble is its own: the items of a failed batch are tried again one by one.
      else
        await Promise.all(
          batch.map((entry) =>
            run([entry.item]).then(
              (answers) => entry.resolve(answers[0]!),
              (itemError: unknown) => entry.reject(itemError),
            ),
          ),
        );
    } finally {
      inFlight -= 1;
      for (const entry of batch) keysInFlight.delete(entry.key);
      dispatch();
    }
  }

  return {
    /** Resolves with the item's answer once its batch is done; rejects with its own error (alone, after a failed batch). */
    submit(key: string, item: Item): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        waiting.push({ key, item, resolve, reject });
        dispatch();
      });
    },
  };
}
