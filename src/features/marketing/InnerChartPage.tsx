import { Text } from '@chakra-ui/react';
import { innerChartResource } from '../../../models/resources/marketing';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';

/** The site's keyword → URL pairs used by the editor's inner-link action. */
export default function InnerChartPage() {
  const { list, form } = useResourceScreen(innerChartResource);
  return (
    <ResourceView
      def={innerChartResource}
      list={list}
      form={form}
      defaults={{ weight: 0, new_window: true, status: 1 }}
      renderCell={(column, row) =>
        column.name === 'url' ? (
          <Text maxW="320px" truncate title={String(row.url)}>
            {String(row.url)}
          </Text>
        ) : undefined
      }
    />
  );
}
