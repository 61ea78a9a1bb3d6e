// The run history of one importer as stacked SVG bars (new / duplicate / failed per run).
// Why no chart library: three stacked series of ≤ 20 bars need ~60 lines of SVG, while the
// maintained React chart libraries cost 40–100 KB gzip (recharts + d3 parts, chart.js) on a
// screen whose bundle is otherwise antd the shell already loaded.
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordedErrorText, errorMessage } from 'shared';
import { fetchRuns } from '../api/importersApi';
import { NS } from '../i18n';
import { SERIES, toBars, type ImportRun, type Series } from '../model/runHistory';

const HEIGHT = 80;
const BAR = 14;
const GAP = 6;

export function RunHistoryChart({ importerId, title }: { importerId: number; title: string }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'list.chart' });
  const { token } = theme.useToken();
  const [state, setState] = useState<{ runs?: ImportRun[]; error?: string }>({});
  useEffect(() => {
    const controller = new AbortController();
    fetchRuns(importerId, controller.signal).then(
      (runs) => setState({ runs }),
      (error: unknown) => !controller.signal.aborted && setState({ error: errorMessage(error) }),
    );
    return () => controller.abort();
  }, [importerId]);

  if (state.error) return <Alert type="warning" showIcon title={t('loadError', { message: state.error })} />;
  if (!state.runs) return <Spin size="small" />;
  if (state.runs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;

  const colours: Record<Series, string> = { new: token.colorSuccess, duplicate: token.colorTextQuaternary, failed: token.colorError };
  const { bars, max } = toBars(state.runs, HEIGHT);
  const width = bars.length * (BAR + GAP) + GAP;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <Flex vertical gap={4} data-testid={`run-history-${importerId}`}>
      <Typography.Text type="secondary">{t('title', { title })}</Typography.Text>
      <Flex gap={16} align="flex-end">
        <svg width={width} height={HEIGHT + 2} role="img" aria-label={t('title', { title })}>
          <line x1={0} x2={width} y1={HEIGHT + 1} y2={HEIGHT + 1} stroke={token.colorBorder} />
          {bars.map((bar, index) => {
            const values = Object.fromEntries(bar.segments.map((segment) => [segment.series, segment.value]));
            const label =
              t('bar', { time: time(bar.started), ...values }) + (bar.error ? ` — ${t('error', { error: recordedErrorText(bar) })}` : '');
            const x = GAP + index * (BAR + GAP);
            return (
              <g key={bar.id} data-run={bar.id}>
                <title>{label}</title>
                {bar.error && <rect x={x} y={0} width={BAR} height={HEIGHT} fill={token.colorErrorBg} />}
                {bar.segments.map((segment) =>
                  segment.height > 0 ? (
                    <rect key={segment.series} x={x} y={segment.y} width={BAR} height={segment.height} fill={colours[segment.series]} />
                  ) : null,
                )}
              </g>
            );
          })}
        </svg>
        <Flex vertical gap={2}>
          {SERIES.map((series) => (
            <Typography.Text key={series} style={{ fontSize: 12 }}>
              <span style={{ display: 'inline-block', width: 10, height: 10, background: colours[series], marginRight: 6 }} />
              {t(`series.${series}`)}
            </Typography.Text>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('max', { max })}
          </Typography.Text>
        </Flex>
      </Flex>
    </Flex>
  );
}
