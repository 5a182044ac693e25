import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';

/**
 * The reports' chart drawings, in a chunk of their own with Recharts: a report's page and its tables
 * show first, the drawings follow (docs/decisions/0110-event-reports.md).
 */

type Rows = Record<string, string | number>[];

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

export function SeatsDrawing({ data }: { data: Rows }) {
  return (
    <BarChart
      h={Math.max(160, data.length * 56)}
      data={data}
      dataKey="section"
      type="stacked"
      orientation="vertical"
      yAxisProps={{ width: 140 }}
      xAxisProps={{ allowDecimals: false }}
      withLegend
      barChartProps={{ accessibilityLayer: false }}
      series={[
        { name: 'Sold', color: 'blue.6' },
        { name: 'Held', color: 'yellow.6' },
        { name: 'Free', color: 'gray.3' },
      ]}
    />
  );
}

export function SalesDrawing({ data }: { data: Rows }) {
  return (
    <LineChart
      h={260}
      data={data}
      dataKey="day"
      withLegend
      withRightYAxis
      yAxisProps={{ allowDecimals: false }}
      rightYAxisProps={{ tickFormatter: dollars, width: 80 }}
      lineChartProps={{ accessibilityLayer: false }}
      series={[
        { name: 'Tickets', color: 'blue.6' },
        { name: 'Revenue', color: 'teal.6', yAxisId: 'right' },
      ]}
    />
  );
}

export function MethodsDrawing({ data }: { data: Rows }) {
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="method"
      barChartProps={{ accessibilityLayer: false }}
      maxBarWidth={64}
      yAxisProps={{ allowDecimals: false }}
      series={[{ name: 'Payments', color: 'violet.6' }]}
    />
  );
}

export function AttendanceDrawing({ data }: { data: Rows }) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      yAxisProps={{ domain: [0, 100] }}
      unit="%"
      barChartProps={{ accessibilityLayer: false }}
      maxBarWidth={64}
      series={[{ name: 'Attendance rate', color: 'green.6' }]}
    />
  );
}

export function SeasonDrawing({ data }: { data: Rows }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <BarChart
        h={Math.max(160, data.length * 48)}
        data={data}
        dataKey="type"
        orientation="vertical"
        valueFormatter={dollars}
        withLegend
        yAxisProps={{ width: 150 }}
        barChartProps={{ accessibilityLayer: false }}
        maxBarWidth={32}
        series={[{ name: 'Revenue', color: 'teal.6' }]}
      />
      <BarChart
        h={Math.max(160, data.length * 48)}
        data={data}
        dataKey="type"
        orientation="vertical"
        withLegend
        yAxisProps={{ width: 150 }}
        xAxisProps={{ allowDecimals: false }}
        barChartProps={{ accessibilityLayer: false }}
        maxBarWidth={32}
        series={[{ name: 'Seats sold', color: 'blue.6' }]}
      />
    </SimpleGrid>
  );
}
