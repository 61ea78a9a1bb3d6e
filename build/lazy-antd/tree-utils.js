// The tree helpers antd's Table selection hook imports from @rc-component/tree, taken from their own
// modules: the package's index also runs its Tree component (the package does not declare itself
// free of side effects, so webpack keeps all it imports), which no Newsdesk table shows.
'use strict';

const { arrAdd, arrDel } = require('@rc-component/tree/es/util');
const { conductCheck } = require('@rc-component/tree/es/utils/conductUtil');
const { convertDataToEntities } = require('@rc-component/tree/es/utils/treeUtil');

module.exports = { arrAdd, arrDel, conductCheck, convertDataToEntities };
