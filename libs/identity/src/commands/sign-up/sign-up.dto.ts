import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** Email and password as the auth client sends them; both optional so the handlers answer with the contract's messages. */
export class CredentialsDto {
  @ApiPropertyOptional({ example: 'fan@example.com' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;
}

/** `?redirect_to=` of the email-link routes: where the link lands (our own origin only). */
export class RedirectQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirect_to?: string;
}

/** The PKCE pair auth-js sends on signup, recover and resend (nulls in the implicit flow). */
export class CodeChallengeDto {
  @ApiPropertyOptional({ description: 'PKCE: 43-128 characters of [A-Za-z0-9._~-]' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  code_challenge?: string | null;

  @ApiPropertyOptional({ enum: ['s256', 'plain'] })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  code_challenge_method?: string | null;
}

export class SignUpDto extends IntersectionType(CredentialsDto, CodeChallengeDto) {
  @ApiPropertyOptional({
    description:
      'User metadata: any JSON object up to 4096 bytes and 5 levels deep; the SPEC §3 consent keys are read strictly',
  })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
