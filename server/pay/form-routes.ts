/** The pay page's form: `GET` draws it, `POST` pays through it (form-post.ts). */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { payForm } from './form-post.ts';
import { renderForm } from './form-render.ts';
import type { Kind, PayKit } from './kit.ts';

export function formRoutes(kit: PayKit) {
  async function showForm(c: Context<AppEnv>, kind: Kind, id: string) {
    const loaded = await kit.loadCheckout(c, kind, id);
    if (loaded instanceof Response) return loaded;
    return renderForm(kit, c, 200, loaded, kit.languageOf(c, loaded.locale));
  }

  const app = new Hono<AppEnv>();
  app.get('/session/:id', (c) => showForm(c, 'session', c.req.param('id')));
  app.post('/session/:id', (c) => payForm(kit, c, 'session', c.req.param('id')));
  app.get('/:link', (c) => showForm(c, 'link', c.req.param('link')));
  app.post('/:link', (c) => payForm(kit, c, 'link', c.req.param('link')));
  return app;
}
