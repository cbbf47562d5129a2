// Tests point a provider's SDK at a local stand-in of its API through the SDK's own HTTP agent
// option: the SDK still builds the provider's real https:// URLs (so the paths it calls are the
// documented ones), and this agent carries the requests over plain HTTP to the stand-in's
// address instead. Only a key set's test-only `baseUrl` ever builds one.
import { Agent } from 'node:https';
import { connect, type Socket } from 'node:net';

class StandInAgent extends Agent {
  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    super({ keepAlive: false });
  }

  override createConnection(): Socket {
    return connect(this.port, this.host);
  }
}

/** An https agent that talks to `baseUrl` (http://host:port), or undefined without one. */
export function standInAgent(baseUrl: string | undefined): Agent | undefined {
  if (!baseUrl) return undefined;
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') throw new Error(`A stand-in address is plain http://host:port, not ${baseUrl}.`);
  return new StandInAgent(url.hostname, Number(url.port || 80));
}
