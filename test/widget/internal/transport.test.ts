import { expect } from '@open-wc/testing';
import { Api, ApiFailure, LatestRequest } from '../../../widget/internal/api.ts';
import { readEventStream, type ServerSentEvent } from '../../../widget/internal/transport.ts';
import { config, fail, FakeBackend, gate, ok, payment } from '../fake-backend.ts';

function streamOf(chunks: string[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

describe('event stream parser', () => {
  it('reads events split anywhere across chunks, CRLF or LF, comments and multi-line data', async () => {
    const events: ServerSentEvent[] = [];
    await readEventStream(
      streamOf([
        ': heartbeat\n\nid: 1\nevent: pay',
        'ment\ndata: {"a":\r\ndata: 1}\r\n\r\n',
        'data: plain\n\nid: 3\nevent: x\n\n',
        'data:tail',
      ]),
      (event) => events.push(event),
    );
    expect(events).to.deep.equal([
      { event: 'payment', data: '{"a":\n1}', id: '1' },
      { event: 'message', data: 'plain', id: '1' },
    ]);
  });
});

describe('api client', () => {
  it('unwraps the envelope and sends the headers of each route', async () => {
    const backend = new FakeBackend();
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 't' }, 201));
    const api = new Api('https://pay.example/', backend);
    expect(await api.config('link', 'lnk_1', new AbortController().signal)).to.deep.equal(config());
    await api.create(
      {
        link: 'lnk_1',
        customer: {},
        fields: {},
        method: { kind: 'hosted', returnUrl: 'https://a.example/' },
      },
      'key-1',
    );
    const [load, create] = backend.requests;
    expect(load!.headers).to.deep.equal({ accept: 'application/json' });
    expect(create!.headers).to.deep.equal({
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': 'key-1',
    });
  });

  it('turns error envelopes and network failures into ApiFailure', async () => {
    const backend = new FakeBackend();
    backend.on('GET', 'payments/p', () => fail(404, 'not_found', 'No such payment'));
    backend.on('GET', 'payments/q', () => Promise.reject(new TypeError('Failed to fetch')));
    backend.on(
      'GET',
      'payments/r',
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const api = new Api('https://pay.example', backend);
    const failure = async (reference: string) =>
      api.payment(reference, 't').then(
        () => null,
        (error: ApiFailure) => error,
      );
    const notFound = await failure('p');
    expect([notFound!.status, notFound!.error]).to.deep.equal([
      404,
      { code: 'not_found', message: 'No such payment' },
    ]);
    expect((await failure('q'))!.status).to.equal(0);
    expect((await failure('r'))!.error).to.deep.equal({ code: 'internal', message: 'Bad Gateway' });
  });

  it('LatestRequest drops the answer of a request replaced by a newer one', async () => {
    const latest = new LatestRequest();
    const first = gate<string>();
    const older = latest.run(() => first.promise);
    const newer = latest.run(async () => 'new');
    first.open('old');
    expect(await older).to.equal(undefined);
    expect(await newer).to.equal('new');
  });
});
