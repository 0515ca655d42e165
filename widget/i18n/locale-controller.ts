import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutConfig } from '../shared/contract.ts';
import type { Transport } from '../internal/transport.ts';
import { en, type Messages } from '../shared/en.ts';
import { download, type Download } from './locale-files.ts';
import { isTranslation, languageOf } from '../shared/translation.ts';

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
  private readonly _host: ReactiveControllerHost;
  private readonly _sources: LocaleSources;
  private _shown?: Shown;
  /** The config whose messages were checked, and those messages if they are a whole translation. */
  private _config?: CheckoutConfig;
  private _configMessages?: Messages;
  private _awaited?: Download;

  constructor(host: ReactiveControllerHost, sources: LocaleSources) {
    this._host = host;
    this._sources = sources;
    host.addController(this);
  }

  /** The messages to render with; undefined while they are not known yet. */
  get messages(): Messages | undefined {
    return this._shown?.messages;
  }

  /** The locale of what is shown (English when a language had to fall back), for `lang` and `Intl`. */
  get locale(): string {
    return this._shown?.locale ?? 'en';
  }

  hostConnected() {
    hosts.add(this._host);
    if (!pageLanguage) {
      pageLanguage = new MutationObserver(() => hosts.forEach((host) => host.requestUpdate()));
      pageLanguage.observe(document.documentElement, { attributeFilter: ['lang'] });
    }
  }

  hostDisconnected() {
    hosts.delete(this._host);
    if (!hosts.size) {
      pageLanguage?.disconnect();
      pageLanguage = undefined;
    }
  }

  /** Before each render: what the sources say now. */
  hostUpdate() {
    this._shown = this._resolve();
  }

  private _resolve(): Shown | undefined {
    const sources = this._sources;
    const requested = sources.requested();
    const config = sources.config();
    const locale = requested || config?.locale || document.documentElement.lang || 'en';
    const language = languageOf(locale);
    const fromConfig = this._messagesOf(config, language);
    const file =
      language === 'en' || fromConfig || !FILE_LANGUAGE.test(language)
        ? undefined
        : download(language, sources.localesUrl(), sources.transport());
    if (!requested && !config && sources.configPending()) return undefined;
    if (language === 'en') return { locale, messages: en };
    if (fromConfig) return { locale, messages: fromConfig };
    if (!file) return ENGLISH_FALLBACK;
    if (!file.done) {
      if (this._awaited !== file) {
        this._awaited = file;
        void file.promise.then(() => this._host.requestUpdate());
      }
      return undefined;
    }
    return file.messages ? { locale, messages: file.messages } : ENGLISH_FALLBACK;
  }

  /** The messages the config brought, if they are a whole translation into `language`. */
  private _messagesOf(config: CheckoutConfig | undefined, language: string): Messages | undefined {
    if (config !== this._config) {
      this._config = config;
      this._configMessages = isTranslation(config?.messages) ? config.messages : undefined;
    }
    return config?.locale && languageOf(config.locale) === language ? this._configMessages : undefined;
  }
}
