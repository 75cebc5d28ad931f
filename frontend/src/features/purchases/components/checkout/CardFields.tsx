import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCreditCard, IconFlask } from '@tabler/icons-react';
import { formatCardNumber, formatExpiry } from '../../services/card-validation';
import type { CheckoutValues } from './CheckoutForm';

/** Card number, expiry, CVC and name, formatted while typing; the sandbox test cards when payments are simulated. */
export function CardFields({ form, sandbox }: { form: UseFormReturnType<CheckoutValues>; sandbox: boolean }) {
  return (
    <Stack gap="sm">
      {sandbox && (
        <Alert color="aqua" variant="light" icon={<IconFlask size={18} />} title="Test payments" role="note">
          <Text size="sm">No real money is charged. Use any future expiry date and any CVC.</Text>
          <Text size="sm" component="ul" m={0} pl="md">
            <li>
              <Text span ff="monospace" size="sm">
                4242 4242 4242 4242
              </Text>{' '}
              approves
            </li>
            <li>
              <Text span ff="monospace" size="sm">
                4000 0000 0000 0002
              </Text>{' '}
              is declined
            </li>
          </Text>
        </Alert>
      )}
      <TextInput
        label="Card number"
        placeholder="1234 5678 9012 3456"
        inputMode="numeric"
        autoComplete="cc-number"
        leftSection={<IconCreditCard size={18} />}
        {...form.getInputProps('number')}
        onChange={(event) => form.setFieldValue('number', formatCardNumber(event.currentTarget.value))}
      />
      <Group grow gap="sm" align="flex-start">
        <TextInput
          label="Expiry"
          placeholder="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={5}
          {...form.getInputProps('expiry')}
          onChange={(event) => form.setFieldValue('expiry', formatExpiry(event.currentTarget.value, form.values.expiry))}
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...form.getInputProps('cvc')}
          onChange={(event) => form.setFieldValue('cvc', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
        />
      </Group>
      <TextInput label="Name on card" placeholder="Jane Doe" autoComplete="cc-name" {...form.getInputProps('name')} />
    </Stack>
  );
}
