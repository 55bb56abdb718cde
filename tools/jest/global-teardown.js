require('../register.js');
module.exports = require('./global-setup.ts').globalTeardown;
