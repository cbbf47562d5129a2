// The Web Locks API for Node tests (browsers have it; Node does not): exclusive locks with
// ifAvailable and steal, per "context" (a tab), and a way to make a tab die holding its locks.
import type { LockManagerLike } from '@/sync/leader';

interface Holder {
  context: string;
  token: symbol;
  abort: (err: Error) => void;
}

export class FakeLocks {
  private held = new Map<string, Holder>();
  private queue = new Map<string, (() => void)[]>();
  steals = 0;

  private release(name: string, token: symbol) {
    if (this.held.get(name)?.token !== token) return;
    this.held.delete(name);
    this.queue.get(name)?.shift()?.();
  }

  /** A tab closed or crashed: the browser releases its locks. */
  releaseContext(context: string) {
    for (const [name, holder] of [...this.held]) if (holder.context === context) this.release(name, holder.token);
  }

  forContext(context: string): LockManagerLike {
    return {
      request: <T>(
        name: string,
        options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
        callback: (lock: unknown) => Promise<T>,
      ) =>
        new Promise<T>((resolve, reject) => {
          const acquire = () => {
            const token = Symbol(name);
            this.held.set(name, { context, token, abort: reject });
            callback({ name }).then(
              (value) => {
                this.release(name, token);
                resolve(value);
              },
              (err) => {
                this.release(name, token);
                reject(err);
              },
            );
          };
          const current = this.held.get(name);
          if (!current) return acquire();
          if (options.steal) {
            this.steals++;
            this.held.delete(name);
            current.abort(Object.assign(new Error('The lock was stolen'), { name: 'AbortError' }));
            return acquire();
          }
          if (options.ifAvailable) {
            callback(null).then(resolve, reject);
            return;
          }
          this.queue.set(name, [...(this.queue.get(name) ?? []), acquire]);
          options.signal?.addEventListener('abort', () => {
            this.queue.set(
              name,
              (this.queue.get(name) ?? []).filter((waiter) => waiter !== acquire),
            );
            reject(options.signal!.reason);
          });
        }),
    };
  }
}
