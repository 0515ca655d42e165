/**
 * Entry of the child process started by `runLoadInChild`: receives one set of options, runs the load,
 * answers with the result and exits. It also exits if the parent goes away, so it is never orphaned.
 */
import { createHmac } from 'node:crypto';
import { runLoad, type ChildLoadOptions, type LoadOptions } from './load.ts';

const fill = (template: string, i: number) =>
  template.replaceAll('{i}', String(i)).replaceAll('{i6}', String(i % 1_000_000).padStart(6, '0'));

/** Rebuilds the per-request functions that could not be sent across the process boundary. */
function perRequest({ bodyTemplate, sign, headers = {}, ...rest }: ChildLoadOptions): LoadOptions {
  const fixed = Object.fromEntries(Object.entries(headers).filter(([, value]) => !value.includes('{i}')));
  const varying = Object.entries(headers).filter(([, value]) => value.includes('{i}'));
  const options: LoadOptions = { ...rest, headers: fixed };
  if (bodyTemplate !== undefined) options.bodyFor = (i) => fill(bodyTemplate, i);
  if (varying.length > 0 || sign) {
    options.headersFor = (i, body) => {
      const out = Object.fromEntries(varying.map(([name, value]) => [name, fill(value, i)]));
      if (sign) out[sign.header] = createHmac(sign.algorithm, sign.secret).update(body ?? '').digest('hex');
      return out;
    };
  }
  return options;
}

process.once('disconnect', () => process.exit(0));
process.once('message', (message) => {
  runLoad(perRequest(message as ChildLoadOptions)).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
  );
});
