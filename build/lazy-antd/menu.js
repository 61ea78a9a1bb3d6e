// antd's Menu for the Table's filter dropdown, loaded when the dropdown first opens.
'use strict';

const { lazyComponent } = require('./lazy-component');

module.exports = lazyComponent(() => import('antd/es/menu'));
