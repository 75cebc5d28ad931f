import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { POLICY_CONSTANTS } from '../../../content/site-facts';
import marketing from '@/shared/ui/marketing.module.css';
import { fillText } from '../content/fill-text';
import content from '../content/contact.json';
import { SiteSection } from './SiteSection';

const FIGURES: Record<string, number> = {
  review: POLICY_CONSTANTS.reportReviewHours,
  takedown: POLICY_CONSTANTS.takedownHours,
  appeal: POLICY_CONSTANTS.appealBusinessDays,
};

/** How fast reports, takedowns and appeals are handled (SPEC §9), with the governing policies. */
export function ReportTimes() {
  const { title, lead, times, policiesIntro, complaints, contentManagement } = content.contact.reports;
  return (
    <SiteSection id="contact-reports-title" title={title} lead={fillText(lead)}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {times.map((time) => (
          <Card key={time.id} withBorder radius="lg" padding="lg">
            <Text className={marketing.muted}>{time.label}</Text>
            <Text fw={800} fz={40} lh={1.2} className={marketing.gradientText}>
              {FIGURES[time.id]}{' '}
              <Text span fz="lg" fw={700} className={marketing.accent}>
                {time.unit}
              </Text>
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text mt="lg" className={marketing.muted}>
        {policiesIntro}{' '}
        <Anchor component={Link} to="/complaints-policy" inherit underline="always">
          {complaints}
        </Anchor>{' '}
        and{' '}
        <Anchor component={Link} to="/content-management-policy" inherit underline="always">
          {contentManagement}
        </Anchor>
        .
      </Text>
    </SiteSection>
  );
}
