// antd's Tree for the Table's tree-mode filter dropdown, loaded when it first opens.
'use strict';

const { lazyComponent } = require('./lazy-component');

module.exports = lazyComponent(() => import('antd/es/tree'));
