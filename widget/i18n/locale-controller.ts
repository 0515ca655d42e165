import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutConfig } from '../contract/index.ts';
import type { Transport } from '../internal/transport.ts';
import { en, type Messages } from './en.ts';
import { download, type Download } from './locale-files.ts';
import { isTranslation, languageOf } from './translation.ts';

/** What the element knows that decides its language. */
export interface LocaleSources {
  /** The `locale` attribute, which wins over everything. */
  requested(): string | undefined;
  /** The checkout's config, once it arrived. */
  config(): CheckoutConfig | undefined;
  /** Whether the config is on its way: its `locale` may still decide the language. */
  configPending(): boolean;
  /** The folder of the locale files (`.../widget/locales/`). */
  localesUrl(): URL;
  transport(): Transport;
}

interface Shown {
  locale: string;
  messages: Messages;
}

const ENGLISH_FALLBACK: Shown = { locale: 'en', messages: en };
/** Only a plain language subtag names a file: anything else (`../x`, `x-private`) falls back to English. */
const FILE_LANGUAGE = /^[a-z]{2,3}$/;

/** Every connected host, told when the page's `<html lang>` changes (one observer for the page). */
const hosts = new Set<ReactiveControllerHost>();
let pageLanguage: MutationObserver | undefined;

/**
 * The element's language, like Shoelace's `LocalizeController`: the `locale` attribute, else the
 * config's `locale`, else `<html lang>`, else English. `messages` stays undefined until the messages of
 * that language are in, and while the config may still name another one, so the host shows its loading
 * state, without text, rather than a frame in the wrong language or a mix of two.
 *
 * A language named by the attribute or `<html lang>` is fetched at once, side by side with the config;
 * the config's own messages (sent with a link's config in its language) are used as they are.
 */
export class LocaleController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #sources: LocaleSources;
  #shown?: Shown;
  /** The config whose messages were checked, and those messages if they are a whole translation. */
  #config?: CheckoutConfig;
  #configMessages?: Messages;
  #awaited?: Download;

  constructor(host: ReactiveControllerHost, sources: LocaleSources) {
    this.#host = host;
    this.#sources = sources;
    host.addController(this);
  }

  /** The messages to render with; undefined while they are not known yet. */
  get messages(): Messages | undefined {
    return this.#shown?.messages;
  }

  /** The locale of what is shown (English when a language had to fall back), for `lang` and `Intl`. */
  get locale(): string {
    return this.#shown?.locale ?? 'en';
  }

  hostConnected() {
    hosts.add(this.#host);
    if (!pageLanguage) {
      pageLanguage = new MutationObserver(() => hosts.forEach((host) => host.requestUpdate()));
      pageLanguage.observe(document.documentElement, { attributeFilter: ['lang'] });
    }
  }

  hostDisconnected() {
    hosts.delete(this.#host);
    if (!hosts.size) {
      pageLanguage?.disconnect();
      pageLanguage = undefined;
    }
  }

  /** Before each render: what the sources say now. */
  hostUpdate() {
    this.#shown = this.#resolve();
  }

  #resolve(): Shown | undefined {
    const sources = this.#sources;
    const requested = sources.requested();
    const config = sources.config();
    const locale = requested || config?.locale || document.documentElement.lang || 'en';
    const language = languageOf(locale);
    const fromConfig = this.#messagesOf(config, language);
    const file =
      language === 'en' || fromConfig || !FILE_LANGUAGE.test(language)
        ? undefined
        : download(language, sources.localesUrl(), sources.transport());
    if (!requested && !config && sources.configPending()) return undefined;
    if (language === 'en') return { locale, messages: en };
    if (fromConfig) return { locale, messages: fromConfig };
    if (!file) return ENGLISH_FALLBACK;
    if (!file.done) {
      if (this.#awaited !== file) {
        this.#awaited = file;
        void file.promise.then(() => this.#host.requestUpdate());
      }
      return undefined;
    }
    return file.messages ? { locale, messages: file.messages } : ENGLISH_FALLBACK;
  }

  /** The messages the config brought, if they are a whole translation into `language`. */
  #messagesOf(config: CheckoutConfig | undefined, language: string): Messages | undefined {
    if (config !== this.#config) {
      this.#config = config;
      this.#configMessages = isTranslation(config?.messages) ? config.messages : undefined;
    }
    return config?.locale && languageOf(config.locale) === language ? this.#configMessages : undefined;
  }
}
