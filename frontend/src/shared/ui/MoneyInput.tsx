import { NumberInput, Text, type NumberInputProps } from '@mantine/core';
import { currencySymbol } from '../money';

/** An amount in major units (12.50) of the currency; the form converts to minor units when it sends. */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  return (
    <NumberInput
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      thousandSeparator=","
      inputMode="decimal"
      hideControls
      leftSection={
        <Text size="sm" c="dimmed" aria-hidden>
          {currencySymbol(currency)}
        </Text>
      }
      rightSection={
        <Text size="xs" c="dimmed" aria-hidden>
          {currency}
        </Text>
      }
      rightSectionWidth={44}
      rightSectionPointerEvents="none"
      {...props}
    />
  );
}
