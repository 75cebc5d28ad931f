import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI document, generated from the controllers and DTOs. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Fanmint API')
      .setDescription(
        'Auth (/auth/v1, wire-compatible with the Supabase Auth subset auth-js uses), product API and functions',
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
}
