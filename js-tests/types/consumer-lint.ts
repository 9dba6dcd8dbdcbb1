// Compiled by `tsc -p js-tests/types`: checkContract and capabilityMissing as a server
// writes them must check, and misuse must not.
import {
  capabilityMissing,
  checkContract,
  JsonRpcErrorCode,
  type CapabilityMissingError,
  type CapabilityMissingOptions,
  type CheckContractOptions,
  type ContractFinding,
  type ErrorContract,
  type McpError,
} from '../../pkg/index.js';

const contract = [
  {
    reason: 'already_paid',
    code: JsonRpcErrorCode.Conflict,
    when: 'The invoice is already paid.',
    recovery: 'Call get_invoice to see the payment.',
  },
] as const satisfies ErrorContract;

const options: CheckContractOptions = { tool: 'pay_invoice' };
const findings: ContractFinding[] = checkContract(contract, options);
for (const finding of findings) {
  const rule: string = finding.rule;
  const severity: 'error' | 'warning' = finding.severity;
  const reason: string | undefined = finding.reason;
  const message: string = finding.message;
  void [rule, severity, reason, message];
}
checkContract(undefined);
checkContract(JSON.parse('[]') as unknown);
// @ts-expect-error: tool is a string
checkContract(contract, { tool: 7 });
// @ts-expect-error: severity is 'error' or 'warning'
const wrong: ContractFinding['severity'] = 'info';
void wrong;

const fallback: CapabilityMissingOptions = { fallbackHint: 'Or call again with the confirmation in `confirm`.' };
const refusal: CapabilityMissingError = capabilityMissing('elicitation.form', fallback);
const asError: McpError = refusal;
const code: JsonRpcErrorCode.InvalidRequest = refusal.code;
const reason: 'client_capability_missing' = refusal.data.reason;
const hint: string = refusal.data.recovery.hint;
void [asError, code, reason, hint];
capabilityMissing('sampling');
// @ts-expect-error: the capability is a string
capabilityMissing(['elicitation']);
// @ts-expect-error: fallbackHint is a string
capabilityMissing('roots', { fallbackHint: true });
