import { TextInput, type TextInputProps } from '@mantine/core';
import { normaliseTotpInput, TOTP_CODE_LENGTH } from '../services/mfa.service';

type TotpCodeInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
};

/** The 6-digit authenticator code field: digits only, at most six, one-time-code autofill. */
export function TotpCodeInput({ value, onChange, ...props }: TotpCodeInputProps) {
  return (
    <TextInput
      placeholder="Enter 6-digit code"
      value={value}
      onChange={(event) => onChange(normaliseTotpInput(event.currentTarget.value))}
      maxLength={TOTP_CODE_LENGTH}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...props}
    />
  );
}
