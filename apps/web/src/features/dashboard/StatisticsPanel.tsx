import '@mantine/charts/styles.css';
import { DASHBOARD_RANGE_LABELS, DASHBOARD_RANGES, type DashboardRange, type DashboardStatistics } from '@laurel/domain';
import { LineChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { getStatistics, statisticsKey } from './api.ts';
import { StatCard } from './StatCard.tsx';

const SERIES = [
  { name: 'certificates_sent', label: 'Sent', color: 'laurel.7' },
  { name: 'opened', label: 'Opened', color: 'blue.6' },
  { name: 'downloaded', label: 'Downloaded', color: 'gilt.6' },
  // Counted when the add-to-profile link is followed: LinkedIn never says whether the entry was saved.
  { name: 'linkedin_added', label: 'LinkedIn clicks', color: 'indigo.6' },
  { name: 'bounced', label: 'Bounced', color: 'red.6' },
] as const;

const RANGE_OPTIONS = DASHBOARD_RANGES.map((value) => ({ value, label: DASHBOARD_RANGE_LABELS[value] }));
const number = (n: number) => n.toLocaleString('en-US');

function periodLabel(period: string, step: DashboardStatistics['step']): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (step === 'month') return date.toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Share of the sent certificates, as the card's hint. */
const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}% of sent` : 'None sent yet');

/** The figures of the chosen range and their chart; every number comes from `dashboard/statistics`. */
export function StatisticsPanel() {
  const [range, setRange] = useState<DashboardRange>('30d');
  const stats = useQuery({ queryKey: statisticsKey(range), queryFn: () => getStatistics(range), placeholderData: keepPreviousData });
  const data = stats.data;
  const rangeLabel = DASHBOARD_RANGE_LABELS[range];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} fz={18}>
          Activity
        </Title>
        <SegmentedControl
          visibleFrom="sm"
          aria-label="Range"
          value={range}
          onChange={(value) => setRange(value as DashboardRange)}
          data={RANGE_OPTIONS}
        />
        <Select
          hiddenFrom="sm"
          aria-label="Range"
          w={170}
          allowDeselect={false}
          value={range}
          onChange={(value) => value && setRange(value as DashboardRange)}
          data={RANGE_OPTIONS}
        />
      </Group>
      {stats.isError && !data ? (
        <LoadFailed title="The statistics could not be loaded" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
            <StatCard label="Certificates sent" value={data && number(data.totals.certificates_sent)} hint={rangeLabel} />
            <StatCard label="Recipients" value={data && number(data.totals.recipients)} hint="Unique people" />
            <StatCard
              label="Opened"
              value={data && number(data.totals.opened)}
              hint={data && share(data.totals.opened, data.totals.certificates_sent)}
            />
            <StatCard
              label="Downloaded"
              value={data && number(data.totals.downloaded)}
              hint={data && share(data.totals.downloaded, data.totals.certificates_sent)}
            />
            <StatCard
              label="LinkedIn clicks"
              value={data && number(data.totals.linkedin_added)}
              hint="“Add to LinkedIn” followed, once per certificate"
            />
            <StatCard label="Bounced" value={data && number(data.totals.bounced)} hint="Refused by the mail server" />
          </SimpleGrid>
          <Card padding="lg" shadow="xs" aria-label={`Activity chart, ${rangeLabel}`} role="region">
            {!data ? (
              <Skeleton h={260} />
            ) : data.totals.certificates_sent + data.totals.bounced + data.totals.opened === 0 ? (
              <Stack h={260} justify="center" align="center" gap={4}>
                <Text fw={600}>Nothing sent in this period</Text>
                <Text size="sm" c="stone.6" ta="center">
                  Sends, opens and downloads show up here as soon as your certificates are on their way.
                </Text>
              </Stack>
            ) : (
              <LineChart
                h={260}
                data={data.series.map((point) => ({ ...point, label: periodLabel(point.period, data.step) }))}
                dataKey="label"
                series={SERIES.map((s) => ({ ...s }))}
                curveType="monotone"
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                withDots={data.series.length <= 12}
                tickLine="none"
                gridAxis="y"
              />
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
