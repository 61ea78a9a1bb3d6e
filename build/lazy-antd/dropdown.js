// antd's Dropdown for the Table's filter and selection menus, loaded when one renders; its trigger
// (the children) shows meanwhile.
'use strict';

const { lazyComponent } = require('./lazy-component');

module.exports = lazyComponent(
  () => import('antd/es/dropdown'),
  (props) => props.children ?? null,
);
