/* global document, fetch */
/**
 * The bench's floor page: what a checkout costs with no framework at all. It fetches the same config
 * answer as the widget and builds the smallest equivalent form (title, amount, method, phone, pay
 * button) from it, in plain DOM calls. An external file because the page runs under a strict
 * Content-Security-Policy, as the widget does. `data-api` and `data-link` on its script tag say what to
 * fetch.
 */
const { api, link } = document.currentScript.dataset;

/** An element with text content (never HTML: the config's strings are the merchant's). */
function element(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function labelled(text, control) {
  const label = element('label', text);
  label.append(control);
  return label;
}

function money(config, minor) {
  const format = new Intl.NumberFormat(config.locale, {
    style: 'currency',
    currency: config.currency,
    minimumFractionDigits: config.currencyExponent,
    maximumFractionDigits: config.currencyExponent,
  });
  return format.format(minor / 10 ** config.currencyExponent);
}

function buildForm(config) {
  const form = element('form');
  form.append(element('h2', config.title));
  const fixed = config.amount.fixed;
  if (fixed === null) {
    const amount = element('input');
    amount.name = 'amount';
    amount.inputMode = 'decimal';
    form.append(labelled(`Amount (${config.currency})`, amount));
  } else {
    form.append(element('p', `Amount: ${money(config, fixed)}`));
  }
  const method = element('select');
  method.name = 'method';
  for (const choice of config.methods) {
    const option = element('option', choice.label);
    option.value = choice.provider;
    method.append(option);
  }
  form.append(labelled('Payment method', method));
  const phone = element('input');
  phone.name = 'phone';
  phone.type = 'tel';
  phone.autocomplete = 'tel';
  form.append(labelled('Phone number', phone));
  // part="submit", as on the widget's button, so the bench's probe finds both the same way.
  const pay = element('button', fixed === null ? 'Pay' : `Pay ${money(config, fixed)}`);
  pay.type = 'submit';
  pay.setAttribute('part', 'submit');
  form.append(pay);
  return form;
}

fetch(`${api}/api/v1/links/${encodeURIComponent(link)}`)
  .then((response) => response.json())
  .then(({ data }) => document.getElementById('checkout').replaceChildren(buildForm(data)));
