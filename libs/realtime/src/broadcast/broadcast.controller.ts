import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Query, applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiHeader,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { IncomingHttpHeaders } from 'node:http';
import { parseBroadcastBatch, parseBroadcastEvent } from './broadcast-request.js';
import { HttpBroadcast } from './http-broadcast.js';

/** The answers of contract §4 (202 empty; errors in the shared body, `error` holding the message). */
const BroadcastAnswers = () =>
  applyDecorators(
    ApiResponse({
      status: 202,
      description: 'Accepted: delivered to every subscription of the topics, on every instance',
    }),
    ApiResponse({ status: 401, description: 'Missing or wrong apikey, or no valid access token' }),
    ApiResponse({
      status: 403,
      description:
        'A message is not private, its event is not a client:<name> event, or its topic is not writable by the caller',
    }),
    ApiResponse({ status: 422, description: 'The body is not a batch of messages (or, for one event, no payload)' }),
  );

@ApiTags('realtime')
@ApiBearerAuth()
@ApiHeader({ name: 'apikey', required: true, description: 'The public anon key' })
@Controller('realtime/v1/api/broadcast')
export class BroadcastController {
  constructor(@Inject(HttpBroadcast) private readonly broadcasts: HttpBroadcast) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Broadcast messages to private channels (realtime-js send() without a joined socket)' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['messages'],
      properties: {
        messages: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: {
            type: 'object',
            required: ['topic', 'event'],
            properties: {
              topic: { type: 'string', example: 'conversation:0b6e…' },
              event: { type: 'string' },
              payload: { type: 'object' },
              private: { type: 'boolean' },
            },
          },
        },
      },
    },
  })
  @BroadcastAnswers()
  async broadcast(@Body() body: unknown, @Headers() headers: IncomingHttpHeaders): Promise<void> {
    await this.broadcasts.send(headers, parseBroadcastBatch(body));
  }

  @Post(':topic/events/:event')
  @HttpCode(202)
  @ApiOperation({ summary: 'Broadcast one event to a private channel (realtime-js httpSend())' })
  @ApiParam({ name: 'topic', description: 'The sub-topic, URL-encoded (user%3A…)' })
  @ApiParam({ name: 'event' })
  @ApiQuery({ name: 'private', required: false, enum: ['true'] })
  @ApiBody({ schema: { description: 'The payload, any JSON value' } })
  @BroadcastAnswers()
  async broadcastEvent(
    @Param('topic') topic: string,
    @Param('event') event: string,
    @Query('private') isPrivate: string | undefined,
    @Body() body: unknown,
    @Headers() headers: IncomingHttpHeaders,
  ): Promise<void> {
    await this.broadcasts.send(headers, [parseBroadcastEvent(topic, event, isPrivate, body)]);
  }
}
