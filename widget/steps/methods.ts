/**
 * The form's method picker: the methods (and the provider's hosted page) when there is a choice, the
 * chosen method's networks when it has more than one, then the inputs the method asks for.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Method, MethodInput } from '../shared/contract.ts';
import { dropdownField } from '../fields/dropdown.ts';
import { textField } from '../fields/index.ts';
import { logo, type StepView } from './parts.ts';

const radio = (name: string, value: string, checked: boolean, label: string, image?: string) =>
  html`<label class="pay__option"
    ><input class="pay__radio" type="radio" name=${name} .value=${value} .checked=${checked} />${logo(
      image,
      html`<span class="pay__logo pay__initial" aria-hidden="true">${label[0]}</span>`,
    )}<span>${label}</span></label
  >`;

/** `provider`: the one chosen; `method`: its method, undefined for the hosted page. */
export function methodPicker(
  { messages, config, form }: StepView,
  provider: string,
  method?: Method,
): TemplateResult {
  const choices = config.methods.map(({ provider, label, logo }) => ({ value: provider, label, logo }));
  if (config.hosted) choices.push({ value: 'hosted', label: messages.hosted, logo: undefined });
  const network = String(form.values['method.network'] ?? method?.networks?.[0]?.value ?? '');
  const inputs: MethodInput[] = method?.inputs.length
    ? method.inputs
    : [{ name: 'phoneNumber', label: messages.phone, type: 'tel', required: true }];
  return html`${
    choices.length > 1 || !method
      ? html`<fieldset class="pay__group" part="method">
          <legend class="pay__legend">${messages.payWith}</legend>
          <div class="pay__options">
            ${choices.map((choice) => radio('method.provider', choice.value, choice.value === provider, choice.label, choice.logo))}
          </div>
        </fieldset>`
      : nothing
  }
  ${
    // One network is no choice: it is sent without asking.
    method?.networks && method.networks.length > 1
      ? html`<fieldset class="pay__group" part="method">
          <legend class="pay__legend">${messages.network}</legend>
          <div class="pay__options pay__options--grid">
            ${method.networks.map((choice) => radio('method.network', choice.value, choice.value === network, choice.name, choice.image))}
          </div>
        </fieldset>`
      : nothing
  }
  ${
    method
      ? inputs.map((input) =>
          input.type === 'select'
            ? dropdownField(
                form.props(`method.${input.name}`, input.label, input.required),
                input.options ?? [],
                messages.choose,
              )
            : textField(
                form.props(
                  `method.${input.name}`,
                  input.name === 'phoneNumber' ? messages.phone : input.label,
                  input.required,
                ),
                input.type === 'tel'
                  ? { type: 'tel', autocomplete: 'tel' }
                  : { type: 'text', pattern: input.pattern },
              ),
        )
      : nothing
  }`;
}
