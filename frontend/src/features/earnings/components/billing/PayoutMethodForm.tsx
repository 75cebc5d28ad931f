import { Button, Group, Input, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { notify } from '../../../../lib/notify';
import { fieldProblems, serviceMessage } from '@/shared/api-problems';
import { CURRENCIES } from '@/shared/money';
import readable from '@/shared/ui/readable-errors.module.css';
import { useSavePayoutMethod } from '../../hooks/use-payouts';
import { useReauthenticated } from '../../hooks/use-reauthenticated';
import { isReauthenticationNeeded } from '../../services/reauthenticate.service';
import { ReauthenticateModal } from './ReauthenticateModal';
import type { PayoutMethod, PayoutMethodRequest } from '../../services/earnings-types';
import { isSolanaAddress, isValidIban, normalizeIban } from '../../services/payout-checks';

type Kind = PayoutMethod['kind'];

export interface PayoutMethodValues {
  kind: Kind;
  accountHolder: string;
  iban: string;
  currency: string;
  address: string;
}

export const PAYOUT_FORM_MESSAGES = {
  accountHolder: 'Enter the account holder’s name',
  ibanMissing: 'Enter your IBAN',
  ibanInvalid: 'This IBAN is not valid: check the country code and the digits',
  addressMissing: 'Enter your Solana wallet address',
  addressInvalid: 'Enter a valid Solana address: 32-44 letters and digits (base58)',
} as const;

const M = PAYOUT_FORM_MESSAGES;

/** Only the chosen kind's fields are checked. */
const schema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank'),
    accountHolder: z.string().trim().min(1, M.accountHolder),
    iban: z.string().trim().min(1, M.ibanMissing).refine(isValidIban, M.ibanInvalid),
  }),
  z.object({
    kind: z.literal('crypto'),
    address: z.string().trim().min(1, M.addressMissing).refine(isSolanaAddress, M.addressInvalid),
  }),
]);

function toRequest(values: PayoutMethodValues): PayoutMethodRequest {
  return values.kind === 'bank'
    ? {
        kind: 'bank',
        accountHolder: values.accountHolder.trim(),
        iban: normalizeIban(values.iban),
        currency: values.currency as PayoutMethodRequest['currency'],
      }
    : { kind: 'crypto', network: 'solana', address: values.address.trim() };
}

export interface PayoutMethodFormProps {
  current: PayoutMethod | null;
  defaultCurrency: string;
  onDone: () => void;
  onCancel?: () => void;
}

/** Add or change the payout method: a bank account (IBAN) or a Solana wallet (PUT /api/payouts/method). */
export function PayoutMethodForm({ current, defaultCurrency, onDone, onCancel }: PayoutMethodFormProps) {
  const save = useSavePayoutMethod();
  const reauthentication = useReauthenticated();
  const form = useForm<PayoutMethodValues>({
    initialValues: {
      kind: current?.kind ?? 'bank',
      accountHolder: current?.kind === 'bank' ? current.accountHolder : '',
      iban: '',
      currency: current?.kind === 'bank' ? current.currency : defaultCurrency,
      address: current?.kind === 'crypto' ? current.address : '',
    },
    validate: schemaResolver(schema, { sync: true }),
  });

  const submit = async (values: PayoutMethodValues) => {
    try {
      await save.mutateAsync(toRequest(values));
      notify.success('Payout method saved');
      onDone();
    } catch (error) {
      // A stale sign-in: the confirm dialog opens and retries this submit.
      if (isReauthenticationNeeded(error)) throw error;
      const unplaced: string[] = [];
      for (const problem of fieldProblems(error)) {
        if (problem.field in values && problem.field !== 'kind') form.setFieldError(problem.field, problem.message);
        else unplaced.push(problem.message);
      }
      if (unplaced.length > 0) notify.error(unplaced.join(' '));
      else if (fieldProblems(error).length === 0)
        notify.error(serviceMessage(error, 'Your payout method could not be saved. Please try again.'));
    }
  };
  const onSubmit = form.onSubmit((values) => reauthentication.run(() => submit(values)));

  return (
    <>
      <form onSubmit={onSubmit} noValidate className={readable.readableErrors}>
        <Stack gap="md">
          <Input.Wrapper label="Send payouts by" labelElement="div" labelProps={{ id: 'payout-kind-label' }}>
            <SegmentedControl
              aria-labelledby="payout-kind-label"
              fullWidth
              maw={360}
              mt={4}
              data={[
                { value: 'bank', label: 'Bank transfer' },
                { value: 'crypto', label: 'Crypto' },
              ]}
              value={form.values.kind}
              onChange={(value) => {
                form.setFieldValue('kind', value as Kind);
                form.clearErrors();
              }}
            />
          </Input.Wrapper>
          {form.values.kind === 'bank' ? (
            <>
              <TextInput label="Account holder" required autoComplete="name" {...form.getInputProps('accountHolder')} />
              <TextInput
                label="IBAN"
                required
                placeholder="DE89 3704 0044 0532 0130 00"
                autoComplete="off"
                spellCheck={false}
                description={current?.kind === 'bank' ? 'Enter the full IBAN again to change it' : undefined}
                {...form.getInputProps('iban')}
              />
              <Select
                label="Payout currency"
                data={[...CURRENCIES]}
                allowDeselect={false}
                maw={200}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('currency')}
              />
            </>
          ) : (
            <>
              <TextInput label="Network" value="Solana" readOnly disabled />
              <TextInput
                label="Wallet address"
                required
                autoComplete="off"
                spellCheck={false}
                ff="monospace"
                {...form.getInputProps('address')}
              />
            </>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save payout method
            </Button>
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={save.isPending}>
                Cancel
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <ReauthenticateModal {...reauthentication.modalProps} />
    </>
  );
}
